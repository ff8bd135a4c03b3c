import fs from "node:fs";
import base from "./vite.config";
export default (env: any) => {
  const cfg: any = (base as any)(env);
  cfg.plugins.push({
    name: "dump",
    generateBundle(_o: any, bundle: any) {
      const out: any = {};
      for (const [f, c] of Object.entries<any>(bundle)) {
        if (c.type !== "chunk") continue;
        out[f] = Object.fromEntries(Object.entries<any>(c.modules).map(([m, i]) => [m, i.renderedLength]));
      }
      fs.writeFileSync("/tmp/chunk-modules.json", JSON.stringify(out));
    },
  });
  return cfg;
};
