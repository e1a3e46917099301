const which = process.argv[2]; const root = process.argv[3];
const inc = ["**/*.{ts,mts,cts,tsx,js,mjs,cjs}"]; const exc = ["**/node_modules/**","**/dist/**","**/lib/**","**/build/**","**/coverage/**","**/*.d.ts","**/*.{test,spec}.*","**/__tests__/**","**/test/**","**/tests/**"];
let t = performance.now();
if (which === "fg") { const fg = (await import("fast-glob")).default; const l = performance.now(); const r = fg.sync(inc, { cwd: root, ignore: exc, absolute: true, onlyFiles: true, followSymbolicLinks: false }); console.log("fg load", (l-t).toFixed(1), "glob", (performance.now()-l).toFixed(1), r.length); }
else { const { globSync } = await import("tinyglobby"); const l = performance.now(); const r = globSync(inc, { cwd: root, ignore: exc, absolute: true, onlyFiles: true, followSymbolicLinks: false, expandDirectories: false }); console.log("tg load", (l-t).toFixed(1), "glob", (performance.now()-l).toFixed(1), r.length); }
