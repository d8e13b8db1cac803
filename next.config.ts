import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite and pg must stay real Node modules: PGlite fails at run time inside the Next bundle (DESIGN §1).
  serverExternalPackages: ["@electric-sql/pglite", "pg", "drizzle-orm"],
  poweredByHeader: false,
  reactStrictMode: true,
  // `npm test` type-checks the whole project once; the build need not do it again.
  typescript: { ignoreBuildErrors: true },
  images: {
    deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
    imageSizes: [16, 32, 48, 64, 96, 128, 256, 384],
    qualities: [75],
  },
};

export default nextConfig;
