/**
 * Reads server-sent events from a fetch body (the RPC client's streaming methods and a published site's chat):
 * messages are split on a blank line, each with one `event:` and one JSON `data:` line. `onEvent` returning true
 * stops reading; the result says whether it did (false: the stream ended first).
 */
export async function readSse(body: NonNullable<Response["body"]>, onEvent: (event: string | undefined, data: unknown) => boolean | void): Promise<boolean> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return false;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const chunk = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(chunk)?.[1];
      const data: unknown = JSON.parse(/^data: (.*)$/m.exec(chunk)?.[1] ?? "null");
      if (onEvent(event, data) === true) return true;
    }
  }
}
