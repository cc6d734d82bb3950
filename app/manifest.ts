import type { MetadataRoute } from "next";

// /manifest.webmanifest: Flexblock can be installed (it opens on the check-in screen, which works offline).
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Flexblock",
    short_name: "Flexblock",
    description: "Flex blocks, check-in and scheduling for your school",
    id: "/check-in",
    start_url: "/check-in",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#4f46e5",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
