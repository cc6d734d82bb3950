import { Markdown } from "./markdown";
import { Card } from "./wiki-parts";

/** The post as it will read, beside the editor. */
export function PostPreview({ title, body }: { title: string; body: string }) {
  return (
    <section aria-labelledby="wiki-preview-heading" className="min-w-0">
      <h2
        id="wiki-preview-heading"
        className="mb-2 text-sm font-semibold tracking-wide text-slate-600 uppercase"
      >
        Preview
      </h2>
      <Card className="min-h-48 px-5 py-4 sm:px-8 sm:py-6">
        <p className="mb-4 text-2xl font-semibold tracking-tight text-slate-900">
          {title || "Untitled post"}
        </p>
        {body.trim() ? (
          <Markdown>{body}</Markdown>
        ) : (
          <p className="text-sm text-slate-600">The post appears here as you write it.</p>
        )}
      </Card>
    </section>
  );
}
