import type http from "node:http";
import { readBody as readCappedBody } from "../shared/http";

/** Large enough for a batch of generated sites posted to /__stub/records. */
export const MAX_BODY = 16 * 1024 * 1024;

export const readBody = (req: http.IncomingMessage) => readCappedBody(req, MAX_BODY);

/** The private API's answer to a body it can't read. */
export const invalidInput = { name: "ValidationError", message: "Invalid input." };
