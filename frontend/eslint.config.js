// ESLint for the browser app (`make lint`): typescript-eslint's recommended rules and React's rules
// of hooks (eslint-plugin-react-hooks, with the React Compiler's checks such as no setState or
// navigate() during render).
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist", "node_modules", "src/api/schema.d.ts"] },
  {
    files: ["src/**/*.{ts,tsx}"],
    extends: [js.configs.recommended, ...tseslint.configs.recommended, reactHooks.configs.flat["recommended-latest"]],
    languageOptions: { ecmaVersion: 2022, globals: globals.browser },
    rules: {
      // As tsc's noUnused* (tsconfig.app.json): a leading _ says "unused on purpose", and
      // `const { key: _shownOnce, ...rest } = t` is how an object loses a key.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
    },
  },
);
