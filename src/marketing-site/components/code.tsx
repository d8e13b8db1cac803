/** A code sample in the docs, with an optional caption naming the file or tool. */
export function Code({ title, children }: { title?: string; children: string }) {
  return (
    <figure className="my-5">
      {title ? <figcaption className="mb-1 text-sm font-medium text-neutral-700">{title}</figcaption> : null}
      <pre className="overflow-x-auto rounded-lg bg-neutral-900 p-4 text-sm leading-relaxed text-neutral-100">
        <code>{children}</code>
      </pre>
    </figure>
  );
}
