"use client";

import dynamic from "next/dynamic";
import { Spinner } from "@/components/ui/spinner";

/** The File Upload wizard (and its CSV parser) loads only when its tab is opened. */
export const LazyCsvWizard = dynamic(() => import("./csv-wizard").then((module) => module.CsvWizard), {
  loading: () => <Spinner label="Loading" />,
});
