import type { StubState, Token } from "./state";
import type { Json } from "./workspace";

/** What an API route handler gets once the edge has checked the version, the token, faults and rate. */
export type ApiRequest = { token: Token; params: string[]; query: URLSearchParams; body: Json };
export type ApiHandler = (stub: StubState, request: ApiRequest) => unknown;
