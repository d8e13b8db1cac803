import type { TestProject } from "vitest/node";
import { chromiumPath } from "./browser";
import { startApp } from "../helpers/app-server";

declare module "vitest" {
  export interface ProvidedContext {
    appUrl: string;
  }
}

/** One production build and one running product for the whole browser suite (CONTRACTS §9). */
export default async function setup(project: TestProject) {
  chromiumPath();
  const app = await startApp();
  project.provide("appUrl", app.url);
  return async () => {
    await app.stop();
  };
}
