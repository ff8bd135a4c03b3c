// Lint rules, and the import boundaries they enforce (as bulletproof-react does with zones).
// Imports flow one way: shared/ -> client/src/{components,lib} -> features -> app.
import { readdirSync } from "node:fs";
import { builtinModules } from "node:module";
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import prettier from "eslint-config-prettier";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const root = import.meta.dirname;

// One zone per feature folder: a feature imports no other feature. What two features share
// belongs in components/, lib/ or shared/; app/ composes features.
const features = readdirSync(`${root}/client/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((name) => ({
  target: `./client/src/features/${name}`,
  from: "./client/src/features",
  except: [`./${name}`],
  message: "Features do not import each other: move what both use to components/, lib/ or shared/, or compose them in app/.",
}));

// The server in tiers (docs/runtime.md "The server in tiers", docs/decisions/089-server-tiers.md):
// platform -> core -> features -> composition, imports only going down. platform/ imports only
// shared/; a core module uses another core module only through its index.ts; a feature imports
// core modules' index.ts and platform, never another feature; only the composition tier
// (server/app.ts, server/index.ts, server/api-document.ts, server/setup/, server/web/) imports
// a feature. Test code may reach inside (it tests the insides): *.test.ts files, and a module's
// test/ folder, which holds what several of its test files share (a test bed) and its rows of the
// authorization matrix (test/authorization-rows.ts, walked by server/features/auth/
// authorization-matrix.test.ts). `npm run lint` also fails on any import circle
// (scripts/check-cycles.ts).
const notTests = "{!(test)/**/,}!(*.test).ts";
const foldersOf = (dir) =>
  readdirSync(`${root}/${dir}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const coreModules = foldersOf("server/core");
const serverFeatures = foldersOf("server/features");
const composition = ["./server/app.ts", "./server/index.ts", "./server/api-document.ts", "./server/setup", "./server/web"];
const serverZones = [
  {
    target: [`./server/platform/${notTests}`],
    from: ["./server/core", "./server/features", ...composition],
    message: "platform/ is the ground floor: it imports only shared/ and itself. Hand it what it needs from above as a parameter.",
  },
  ...coreModules.map((name) => ({
    target: [`./server/core/${name}/${notTests}`],
    from: ["./server/features", ...composition],
    message: "A core module serves features and never imports one: hand the behaviour in as a port, or move the code down.",
  })),
  ...coreModules.map((name) => ({
    target: [`./server/core/${name}/${notTests}`],
    from: "./server/core",
    except: [`./${name}`, ...coreModules.filter((other) => other !== name).map((other) => `./${other}/index.ts`)],
    message: "A core module reaches another only through its index.ts: export what is needed there.",
  })),
  ...serverFeatures.map((name) => ({
    target: [`./server/features/${name}/${notTests}`],
    from: "./server/features",
    except: [`./${name}`],
    message:
      "Features do not import each other (docs/decisions/089): move what both use into a core module, declare a port that server/app.ts hands in, or react to an event.",
  })),
  ...serverFeatures.map((name) => ({
    target: [`./server/features/${name}/${notTests}`],
    from: "./server/core",
    except: coreModules.map((other) => `./${other}/index.ts`),
    message: "A feature uses a core module through its index.ts: export what is needed there.",
  })),
  {
    target: composition.map((place) => (place.endsWith(".ts") ? place : `${place}/${notTests}`)),
    from: "./server/features",
    except: serverFeatures.map((name) => `./${name}/index.ts`),
    message: "The composition tier wires a feature through its index.ts: export the router, operations or worker there.",
  },
  {
    target: [`./server/features/*/${notTests}`],
    from: composition,
    message: "Features do not import the composition tier: server/app.ts hands them what they need.",
  },
  {
    target: ["./server/**/routes.ts", "./server/**/*-routes.ts", "./server/features/payments/webhook.ts"],
    from: ["./server/**/repo.ts", "./server/**/*-repo.ts"],
    message: "Routes call services, services call repos: move the query behind a service function.",
  },
];

// Code that also runs in the browser imports no Node built-in.
const nodeOnly = {
  paths: builtinModules.filter((name) => !name.startsWith("_")).map((name) => ({ name, message: "Node-only: this code also runs in the browser." })),
  patterns: [{ group: ["node:*"], message: "Node-only: this code also runs in the browser." }],
};

const baseZones = [
  { target: "./client", from: "./server", message: "The client never imports the server: share through shared/." },
  { target: "./server", from: "./client", message: "The server never imports the client: share through shared/." },
  { target: "./shared", from: ["./client", "./server"], message: "shared/ imports neither the client nor the server." },
  ...featureZones,
  { target: "./client/src/features", from: "./client/src/app", message: "Features do not import the app shell; app/ composes features." },
  {
    target: ["./client/src/components", "./client/src/lib"],
    from: ["./client/src/features", "./client/src/app"],
    message: "components/ and lib/ serve every feature, so they import no feature and not app/.",
  },
];

export default defineConfig(
  { ignores: ["dist/", "data/", "coverage/", "migrations/"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: `${root}/tsconfig.json` })],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: root, zones: [...baseZones, ...serverZones] }],
      // Express's request types are extended the way @types/express documents: `declare global
      // { namespace Express { interface User extends CurrentUser {} } }`.
      "@typescript-eslint/no-namespace": ["error", { allowDeclarations: true }],
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
      // `const { password: _hidden, ...rest } = row` leaves a field out; `_next` fills a signature.
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true, argsIgnorePattern: "^_" }],
    },
  },
  {
    // The rules of hooks. The plugin's React Compiler diagnostics are left out: no compiler
    // builds this app, and they took three quarters of the lint run.
    files: ["client/src/**/*.{ts,tsx}"],
    languageOptions: { globals: globals.browser },
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    files: ["client/src/**/*.{ts,tsx}", "shared/**/*.ts"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-restricted-imports": ["error", nodeOnly] },
  },
  {
    files: ["server/**", "e2e/**", "scripts/**", "bench/**", "*.{js,ts}"],
    languageOptions: { globals: globals.node },
  },
  {
    // SQL lives in repos: only repo.ts and <name>-repo.ts files, server/platform/db/ and tests import Drizzle.
    // A type may pass through: a service hands one repo's statement part (an `SQL`) to another's
    // statement, as a new lead's rows are written in one statement (docs/decisions/048).
    files: ["server/**/*.ts"],
    ignores: [
      "server/**/repo.ts",
      "server/**/*-repo.ts",
      "server/platform/db/**",
      "server/setup/**",
      "server/test/**",
      "server/**/*.test.ts",
      "server/**/test/**",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["drizzle-orm", "drizzle-orm/*"],
              allowTypeImports: true,
              message: "SQL lives in repos: call a function of this feature's repo.ts instead.",
            },
          ],
        },
      ],
    },
  },
  prettier,
);
