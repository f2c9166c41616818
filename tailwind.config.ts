import type { Config } from "tailwindcss";

// Read by Tailwind 4 through `@config` in app/globals.css.
const config: Config = {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}", "./lib/**/*.{ts,tsx}"],
  darkMode: "class",
  theme: {
    extend: {
      colors: {
        brand: {
          50: "#eef6ff",
          100: "#d9eaff",
          500: "#2f6fd6",
          600: "#1f58b8",
          700: "#1a4794",
        },
      },
    },
  },
};

export default config;
