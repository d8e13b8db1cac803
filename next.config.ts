import type { NextConfig } from "next";
import { IMAGE_DEVICE_SIZES, IMAGE_QUALITY, IMAGE_SIZES } from "./src/lib/layout";

const nextConfig: NextConfig = {
  // PGlite and pg must stay real Node modules: PGlite fails at run time inside the Next bundle (DESIGN §1).
  serverExternalPackages: ["@electric-sql/pglite", "pg", "drizzle-orm"],
  poweredByHeader: false,
  reactStrictMode: true,
  // `npm test` type-checks the whole project once; the build need not do it again.
  typescript: { ignoreBuildErrors: true },
  // App pages: never framed (clickjacking), no MIME sniffing, no full URLs to other sites. Their Content-Security-Policy
  // carries a nonce per response, so src/proxy.ts sets it. API routes and assets set their own.
  async headers() {
    return [
      {
        source: "/((?!api/|_next/).*)",
        headers: [
          { key: "X-Frame-Options", value: "DENY" },
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        ],
      },
    ];
  },
  images: {
    deviceSizes: [...IMAGE_DEVICE_SIZES],
    imageSizes: [...IMAGE_SIZES],
    qualities: [IMAGE_QUALITY],
  },
};

export default nextConfig;
