/**
 * What a request's words say about the HTTP method and the shape of the path it wants. This is HTTP's own
 * semantics, the same for every API: "remove" and "cancel" are a DELETE, "add" and "new" a POST, "change"
 * a PUT or PATCH, "show" and "list" a GET; "all", "every" and a plural noun ask for a collection, "one" and a
 * singular noun for an item (a path that ends in a parameter). It knows no resource of any domain.
 */
import { canBeVerb, partsOfSpeech } from "./lexicon.js";
import { pieces, type Word, words } from "./words.js";

const METHOD_VERBS: Record<string, readonly string[]> = {
  // Undoing an association or a grant deletes what made it ("revoke a token", "unfollow a user").
  DELETE: [
    "delete",
    "remove",
    "drop",
    "cancel",
    "destroy",
    "erase",
    "purge",
    "discard",
    "unlink",
    "detach",
    "uninstall",
    "clear",
    "revoke",
    "unassign",
    "unsubscribe",
    "unregister",
    "deregister",
    "unfollow",
    "unblock",
    "unstar",
    "unpin",
    "unshare",
    "unbind",
    "disconnect",
    // Putting someone out of a group removes the membership ("kick a user out of the team").
    "kick",
    "expel",
    "evict",
  ],
  // Making an association or a grant creates what records it ("assign a role", "link an identity"): the
  // inverses of the DELETE verbs above.
  POST: [
    "create",
    "add",
    "new",
    "make",
    "register",
    "submit",
    "post",
    "insert",
    "upload",
    "send",
    "start",
    "trigger",
    "run",
    "execute",
    "assign",
    "grant",
    "link",
    "attach",
    "bind",
    "connect",
    "subscribe",
    "follow",
    "enroll",
    "invite",
    // Writing what may or may not exist yet: a create, or a replace (below).
    "upsert",
    "save",
  ],
  PUT: ["update", "edit", "change", "modify", "set", "rename", "replace", "put", "alter", "overwrite", "upsert", "save"],
  PATCH: ["update", "edit", "change", "modify", "set", "rename", "patch", "alter", "toggle"],
  GET: ["get", "list", "show", "fetch", "read", "view", "retrieve", "find", "look", "see", "display", "browse", "download", "lookup"],
};

const BY_VERB = new Map<string, Set<string>>();
for (const [method, verbs] of Object.entries(METHOD_VERBS))
  for (const verb of verbs) {
    const methods = BY_VERB.get(verb) ?? new Set<string>();
    methods.add(method);
    BY_VERB.set(verb, methods);
  }

/**
 * The verbs that say nothing but the method: REST names its create, read, update and delete this way (and
 * apidex's generated ids begin with them). Matched as words they would only favour whichever ids happen to
 * spell the same verb, so they act through the method alone. Verbs that paths spell as actions ("send",
 * "cancel", "start", "upload") still count as words as well.
 */
const METHOD_ONLY = new Set([
  "get",
  "list",
  "show",
  "fetch",
  "retrieve",
  "read",
  "view",
  "find",
  "look",
  "see",
  "display",
  "browse",
  "lookup",
  "create",
  "add",
  "new",
  "make",
  "insert",
  "post",
  "update",
  "edit",
  "change",
  "modify",
  "set",
  "alter",
  "replace",
  "put",
  "patch",
  "delete",
  "remove",
  "drop",
  "destroy",
  "erase",
]);

/**
 * English phrasal verbs that mean one of the verbs above, as single words: "set up a source" creates one (it
 * sets nothing), "get rid of a dashboard" deletes it, "turn on" enables. Forms in order: base, third person,
 * gerund, past participle; each maps to the same form of the single word, so a participle stays one ("the
 * alerts my team has set up" names no action).
 */
const PHRASAL: readonly { forms: readonly string[]; particle: string; means: readonly string[] }[] = [
  { forms: ["set", "sets", "setting", "set"], particle: "up", means: ["create", "creates", "creating", "created"] },
  { forms: ["get", "gets", "getting", "got"], particle: "rid of", means: ["delete", "deletes", "deleting", "deleted"] },
  { forms: ["clean", "cleans", "cleaning", "cleaned"], particle: "up", means: ["clear", "clears", "clearing", "cleared"] },
  { forms: ["sign", "signs", "signing", "signed"], particle: "up", means: ["register", "registers", "registering", "registered"] },
  { forms: ["turn", "turns", "turning", "turned"], particle: "on", means: ["enable", "enables", "enabling", "enabled"] },
  { forms: ["switch", "switches", "switching", "switched"], particle: "on", means: ["enable", "enables", "enabling", "enabled"] },
  { forms: ["turn", "turns", "turning", "turned"], particle: "off", means: ["disable", "disables", "disabling", "disabled"] },
  { forms: ["switch", "switches", "switching", "switched"], particle: "off", means: ["disable", "disables", "disabling", "disabled"] },
  { forms: ["page", "pages", "paging", "paged"], particle: "through", means: ["list", "lists", "listing", "listed"] },
];

/** Words after which a verb is a participle ("the alerts my team has set up"): what is, not what to do. */
const AUXILIARIES = new Set(["has", "have", "had", "is", "are", "was", "were", "be", "been", "being"]);

const PHRASAL_PATTERNS = PHRASAL.map((p) => ({
  ...p,
  pattern: new RegExp(`\\b(?:(\\w+)\\s+)?(${[...new Set(p.forms)].join("|")})\\s+${p.particle.replace(" ", "\\s+")}\\b`, "gi"),
}));

/**
 * A request with its phrasal verbs written as the single verbs they mean ("set up a new source": "create a new
 * source"), and a request that starts by giving someone something ("give a user some roles") as granting it;
 * "give me ..." only asks.
 */
export function withPhrasalVerbs(text: string): string {
  let out = text.replace(/^(\s*)give\b(?!\s+(me|us|myself|ourselves)\b)/i, "$1grant");
  for (const { forms, means, pattern } of PHRASAL_PATTERNS)
    out = out.replace(pattern, (_whole, before: string | undefined, verb: string) => {
      const form = verb.toLowerCase();
      const participle = before !== undefined && AUXILIARIES.has(before.toLowerCase());
      const single = participle ? means[3]! : means[forms.indexOf(form)]!;
      return `${before !== undefined ? `${before} ` : ""}${single}`;
    });
  return out;
}

/**
 * Verbs that make a new item: HTTP creates one by a POST to the collection, so the singular noun they
 * take ("create a user") does not ask for an item's path.
 */
const CREATING = new Set(["create", "add", "new", "make", "register", "insert"]);

/** Words that ask for many (a collection) or for one item. */
const MANY = new Set(["list", "all", "every", "each", "many", "browse"]);
const ONE = new Set(["one", "single", "specific", "particular", "detail", "id"]);
/**
 * Nouns for the content of whatever the request names ("user data", "the team's info"): the thing named is
 * what is asked for, so they are not searched as words of their own when the request has others.
 */
const CONTENT = new Set(["datum", "data", "info", "information"]);

/**
 * Whether a term only says which method, or many or one: it is not searched as a word when the request has
 * others ("get", "all", "one", "id" in "the user by id").
 */
/** Whether a term is one of the verbs that mean a method ("get", "remove", "new"). */
export const isMethodVerb = (term: string): boolean => BY_VERB.has(term);

/** The methods a verb means ("update": PUT and PATCH), none for another word. */
export const methodsOf = (term: string): string[] => [...(BY_VERB.get(term) ?? [])];

/** Whether a term is one of the nouns for the content of what the request names ("data", "info"). */
export const isContentWord = (term: string): boolean => CONTENT.has(term);

/** Whether a word says "many" ("all", "list", "every"). */
export const saysMany = (term: string): boolean => MANY.has(term);

export const onlyIntent = (term: string): boolean => METHOD_ONLY.has(term) || MANY.has(term) || ONE.has(term) || CONTENT.has(term);

/**
 * A method's verb written as a plural noun after the request's first word, where the API's paths name it
 * too ("the balance changes" and /balance-changes), is a noun there: a thing the request names, not what it
 * asks to do. The first word is read as the verb even in the -s form descriptions use ("Updates the role"),
 * and so is a later one no path spells ("This API updates the token").
 */
export const nounUse = (word: Word, position: number, inPaths: ReadonlySet<string>): boolean =>
  position > 0 && word.plural && BY_VERB.has(word.term) && inPaths.has(word.term);

export interface MethodIntent {
  /** The methods the request's verb means, with the verb; undefined when it names no action. */
  methods?: { verb: string; term: string; methods: ReadonlySet<string> };
  /**
   * The request names no action: it starts with a noun, a number or an adjective ("one webhook by id",
   * "account center settings", "pending transactions in the mempool"), so it asks to read.
   */
  reads?: boolean;
  /** The verb makes a new item ("create", "add"): a singular noun then says nothing of the path's shape. */
  creates?: boolean;
  /** "many": a collection; "one": an item; undefined: the words do not say. */
  shape?: "many" | "one";
}

/**
 * The intent of a request: its first verb that means a method, and whether it asks for many or one. A
 * plural noun asks for many ("members of the team"), unless a word for one says otherwise.
 */
export function methodIntent(query: readonly Word[], inPaths: ReadonlySet<string> = new Set(), text = ""): MethodIntent {
  const intent: MethodIntent = {};
  const question = isQuestion(text);
  // In a question a word the lexicons know only as another part of speech is that ("how many new users").
  const verb = query.find(
    (w, i) =>
      BY_VERB.has(w.term) &&
      !nounUse(w, i, inPaths) &&
      !participle(w) &&
      !(question && canBeVerb(w.surface) === false) &&
      !askedAbout(w, text),
  );
  if (verb) intent.methods = { verb: verb.surface, term: verb.term, methods: BY_VERB.get(verb.term)! };
  // A question asks to be told something ("which provider is configured?", "who reacted to the message"):
  // without a verb that means another method, it reads.
  else if (question) intent.reads = true;
  // Without a method's verb, a request whose first word of meaning can be no verb names a thing to read; one
  // that starts with a word that can be a verb ("search logs", "link an identity") or a word the lexicon does
  // not know ("upsert the documents") may ask for any action, and says nothing.
  else if (query.length) {
    const tags = partsOfSpeech(query[0]!.surface);
    // A word "of" follows is a noun whatever else it can be ("details of one assistant", "history of the upserts").
    const beforeOf = pieces(text)[query[0]!.at + 1] === "of";
    // A word written in the plural that English uses most as a plural noun is one here too ("details about
    // one store", "logs of the last hour"); a description's third-person verb is most often a verb ("generates").
    // So is one a past participle follows ("leads captured by a chatflow": the participle says which).
    const following = partsOfSpeech(pieces(text)[query[0]!.at + 1] ?? "");
    const pluralNoun = query[0]!.plural && (tags?.[0] === "NNS" || following?.[0] === "VBN");
    if ((tags && !tags.some((t) => t.startsWith("VB"))) || beforeOf || pluralNoun) intent.reads = true;
  }
  if (query.some((w) => CREATING.has(w.term))) intent.creates = true;
  // "the given recipient", "a specified project": one the caller names, as "one" or "single" say.
  if (query.some((w) => ONE.has(w.term) || w.named)) intent.shape = "one";
  else if (query.some((w) => MANY.has(w.term) || w.plural)) intent.shape = "many";
  return intent;
}

/**
 * A verb written as a participle ("assigned roles", "the deleted users", "which apps have I granted access")
 * says what state a thing is in, not what the request asks to do: the request's verb is in the base form
 * ("assign") or, as descriptions write it, the third person ("Assigns").
 */
const participle = (w: Word): boolean => w.surface !== w.term && !w.surface.endsWith("s");

const MODALS = new Set(["can", "could", "should", "shall", "may", "might", "must", "will", "would", "do", "does", "did"]);
const SUBJECTS = new Set(["i", "we", "you", "they", "one"]);

/**
 * In a question that asks what or which things ("what kinds of connectors can I set up?", "which webhooks
 * should we delete?"), the verb right after its auxiliary and subject has the asked things for its object: the
 * request asks to be told them, it does not ask for that act ("what endpoint should I call to create a user"
 * still asks to create, by its second verb).
 */
function askedAbout(w: Word, text: string): boolean {
  const ps = pieces(text);
  if (ps[0] !== "what" && ps[0] !== "which") return false;
  return SUBJECTS.has(ps[w.at - 1] ?? "") && MODALS.has(ps[w.at - 2] ?? "");
}

/** Words that open a question: the interrogatives, and the auxiliaries a yes-or-no question starts with. */
const QUESTION_OPENERS = new Set([
  "what",
  "which",
  "who",
  "whom",
  "whose",
  "where",
  "when",
  "why",
  "how",
  "is",
  "are",
  "was",
  "were",
  "does",
  "do",
  "did",
  "has",
  "have",
]);

/** Whether a request is written as a question: it ends in a question mark or opens as one does. */
export function isQuestion(text: string): boolean {
  if (/\?\s*$/.test(text)) return true;
  const first = /^\s*([A-Za-z]+)/.exec(text)?.[1]?.toLowerCase();
  return first !== undefined && QUESTION_OPENERS.has(first);
}

/**
 * The action a path names in its last segment, where RPC-style APIs put the verb and POST every call
 * (`/messages/delete`, `/documents.archive`, `/cache/clear`, `/users/{id}/update-status`): the methods that
 * verb means, and the path without it (what it acts on). The segment's first or last word must be a verb
 * that means a method, in its base form (`/downloads` and `/messages/deleted` name things) and not a word
 * the lexicons know only as another part of speech ("new" in `/users/new` is an adjective); undefined for a path that ends in a thing or a parameter.
 */
export function pathAction(path: string): { methods: string[]; on: string } | undefined {
  const trimmed = path.replace(/\/+$/, "");
  const cut = trimmed.lastIndexOf("/");
  const segment = trimmed.slice(cut + 1);
  if (cut <= 0 || !segment || /^[{:[*]/.test(segment)) return undefined;
  const ws = words(segment);
  for (const w of [ws[0], ws.at(-1)])
    if (w && w.surface === w.term && BY_VERB.has(w.term) && canBeVerb(w.surface) !== false)
      return { methods: [...BY_VERB.get(w.term)!], on: trimmed.slice(0, cut) };
  return undefined;
}

/**
 * Whether a path names one item (ends in a parameter) or a collection or singleton (ends in a literal); an
 * action's path by what it acts on (`/tokens/{id}/revoke` one, `/tokens/delete` many).
 */
export const endsInParameter = (path: string): boolean => /[{:][^/]*\}?\/?$/.test((pathAction(path)?.on ?? path).replace(/\/+$/, ""));
