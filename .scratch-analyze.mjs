import fs from "node:fs"; import zlib from "node:zlib";
import { LANDING_PAGES, pageFiles, readManifest } from "./scripts/page-chunks.mjs";
const mods = JSON.parse(fs.readFileSync("/tmp/chunk-modules.json","utf8"));
const m = readManifest();
const pages = [...LANDING_PAGES, {path:"dashboard", module:"src/app/pages/DashboardPage.tsx"}];
for (const p of pages) {
  const files = pageFiles(m, p.module).filter(f=>f.endsWith(".js"));
  let total=0; const groups={};
  for (const f of files) {
    const buf=fs.readFileSync("dist/client/"+f); const gz=zlib.gzipSync(buf,{level:9}).length; total+=gz;
    const ms=mods[f.replace(/^assets\//,"assets/")]||{}; const sum=Object.values(ms).reduce((a,b)=>a+b,0)||1;
    for (const [mod,len] of Object.entries(ms)) {
      let g = mod.includes("node_modules") ? mod.split("node_modules/").pop().split("/").slice(0, mod.split("node_modules/").pop().startsWith("@")?2:1).join("/") : mod.replace(/^.*\/main\//,"").split("/").join("/");
      groups[g]=(groups[g]||0)+gz*len/sum;
    }
  }
  console.log(`\n== ${p.path}: ${(total/1000).toFixed(2)} kB gz in ${files.length} files`);
  for (const [g,v] of Object.entries(groups).sort((a,b)=>b[1]-a[1]).slice(0,45)) console.log((v/1000).toFixed(2).padStart(8), g);
}
