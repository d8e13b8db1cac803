import type { z } from "zod";
import type { StubState, Token } from "./state";

/** The shape of a control route: a parsed body in, `reply(status, json)` out. */

export type Reply = (status: number, body: unknown) => void;
export type ControlHandler = (stub: StubState, body: unknown, reply: Reply) => void | Promise<void>;

/** A handler whose body is checked first: a body that does not parse gets 400 with every issue. */
export function withBody<T>(schema: z.ZodType<T>, handle: (stub: StubState, body: T, reply: Reply) => void | Promise<void>): ControlHandler {
  return (stub, body, reply) => {
    const parsed = schema.safeParse(body);
    if (!parsed.success) return reply(400, { message: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") });
    return handle(stub, parsed.data, reply);
  };
}

/** The token with this value, or null after answering 404. */
export function tokenOr404(stub: StubState, value: string, reply: Reply): Token | null {
  const token = stub.tokens.get(value);
  if (!token) reply(404, { message: "No such token" });
  return token ?? null;
}
