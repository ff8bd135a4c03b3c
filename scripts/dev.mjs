// `npm run dev`: the API with reload (tsx watch) on PORT and Vite with hot reload on 5173,
// which proxies /api to it.
import { spawn } from "node:child_process";

const children = [spawn("npx", ["tsx", "watch", "server/index.ts"], { stdio: "inherit" }), spawn("npx", ["vite"], { stdio: "inherit" })];
const stop = () => children.forEach((c) => c.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
