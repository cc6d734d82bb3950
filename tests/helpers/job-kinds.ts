// API tests: the job runner knows every kind of job, as at server start (instrumentation-node.ts).
import { registerEveryJobKind } from "@/lib/job-kinds/every-kind.server";

registerEveryJobKind();
