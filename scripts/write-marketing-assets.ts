/** Run by the build (scripts/build-state.ts) in a process of its own: Tailwind and esbuild's API are asynchronous. */
import { writeMarketingAssets } from "../src/marketing-site/assets";

await writeMarketingAssets(process.argv[2]!);
