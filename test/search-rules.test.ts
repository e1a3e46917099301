import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Bm25Index } from "../generator/search/bm25-index.js";
import { isQuestion, pathAction, withPhrasalVerbs } from "../generator/search/method-intent.js";
import { derivations, OperationSearch, type SearchableOperation } from "../generator/search/operation-search.js";
import { words } from "../generator/search/words.js";

/** An index entry as generate writes it for an undocumented operation: the summary is the id in words. */
function op(method: string, path: string, operation_id: string): SearchableOperation {
  const text = operation_id.replace(/_/g, " ");
  return {
    operation_id,
    method,
    path,
    permissions: [],
    summary: text.charAt(0).toUpperCase() + text.slice(1),
    path_params: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
    effect: method === "GET" ? "read" : method === "DELETE" ? "remove" : "write",
    documented: false,
  } as SearchableOperation;
}

const top = (ops: SearchableOperation[], q: string) => new OperationSearch(ops).search(q, {}, 3).map((h) => h.entry.operation_id);

describe("search rules on in-memory indexes", () => {
  it.each([
    {
      rule: "a request that is an operation's whole summary names it, even a summary apidex wrote from the id",
      ops: [
        op("GET", "/v2/burn-blocks/{height}/blocks", "get_blocks_by_burn_block"),
        op("GET", "/v2/block-tenures/{height}/blocks", "get_tenure_blocks"),
        op("GET", "/v2/blocks", "get_blocks"),
      ],
      q: "Get blocks",
      first: "get_blocks",
    },
    {
      rule: "words after 'with' or 'using' say what the request is done with, not what it acts on",
      ops: [
        op("GET", "/custom-data", "list_custom_data"),
        op("PATCH", "/custom-data", "update_custom_data"),
        op("PATCH", "/applications/{id}/custom-data", "update_application_custom_data"),
        op("POST", "/hooks", "create_hook"),
        op("GET", "/hooks/{id}", "get_hook"),
        op("GET", "/hooks", "list_hooks"),
        ...["users", "roles", "domains", "connectors", "applications", "organizations", "scopes", "resources"].flatMap((r) => [
          op("GET", `/${r}`, `list_${r}`),
          op("POST", `/${r}`, `create_${r.slice(0, -1)}`),
          op("GET", `/${r}/{id}`, `get_${r.slice(0, -1)}`),
        ]),
      ],
      q: "Create a new hook with the given data",
      first: "create_hook",
    },
    {
      rule: "in a run of nouns the last is the head: what is asked for; those before it only say which",
      ops: [
        op("GET", "/chat/messages", "list_chat_messages"),
        op("GET", "/chat/messages/{id}", "get_chat_message"),
        op("GET", "/feedback", "list_feedback"),
        op("POST", "/feedback", "create_feedback"),
        op("GET", "/feedback/{id}", "get_feedback"),
        op("GET", "/sessions", "list_sessions"),
      ],
      q: "list message feedback",
      first: "list_feedback",
    },
    {
      rule: "words of a complement (after of, for, in, ...) say whose or where, the words before it what",
      ops: [
        op("GET", "/vectors", "list_vectors"),
        op("GET", "/vectors/search", "list_vectors_search"),
        op("GET", "/documents", "list_documents"),
        op("GET", "/users", "list_users"),
        op("GET", "/teams", "list_teams"),
      ],
      q: "vectors of documents",
      first: "list_vectors",
    },
    {
      rule: "a verb that makes an item posts to the collection, though it names one",
      ops: [
        op("POST", "/feedback/{id}", "post_feedback_item"),
        op("POST", "/feedback", "create_feedback"),
        op("GET", "/feedback", "get_feedback"),
      ],
      q: "create a new feedback entry",
      first: "create_feedback",
    },
    {
      rule: "'data' and 'info' name the content of what the request names, not a resource of their own",
      ops: [
        op("GET", "/users/{id}/custom-data", "list_user_custom_data"),
        op("PATCH", "/users/{id}/custom-data", "update_user_custom_data"),
        op("GET", "/users/{id}", "get_user"),
        op("GET", "/users", "list_users"),
        op("GET", "/roles/{id}/users", "list_role_users"),
      ],
      q: "Get user data for the given ID",
      first: "get_user",
    },
    {
      rule: "a method's verb written as a plural noun the paths spell is a noun ('balance changes')",
      ops: [
        op("GET", "/principals/{principal}/balance-changes", "get_principal_balance_changes"),
        op("GET", "/principals/{principal}/transactions/{tx}/balance-changes", "get_principal_transaction_balance_changes"),
        op("PUT", "/principals/{principal}", "update_principal"),
        op("PATCH", "/principals/{principal}/balance", "update_principal_balance"),
        op("GET", "/principals/{principal}/balance", "get_principal_balance"),
      ],
      q: "Returns the balance changes for a principal",
      first: "get_principal_balance_changes",
    },
    {
      rule: "a request's words match the acronym a path uses for them ('non-fungible token' and /nft)",
      ops: [
        op("GET", "/tokens/nft/holdings", "get_nft_holdings"),
        op("GET", "/tokens/ft/{token}/holders", "get_ft_holders"),
        op("GET", "/tokens/{token}", "get_token"),
        op("GET", "/tokens", "list_tokens"),
      ],
      q: "who owns a non-fungible token",
      first: "get_nft_holdings",
    },
    {
      rule: "an acronym is not made of abbreviations or of words the request wrote ('user id' is no 'ui')",
      ops: [op("GET", "/ui/assets", "list_ui_assets"), op("GET", "/users/{id}", "get_user"), op("GET", "/users", "list_users")],
      q: "find the user id",
      first: "get_user",
    },
    {
      rule: "WordNet's words beside an asked word are that one word: several of them do not outweigh the word itself",
      ops: [op("GET", "/costs/tolls", "list_costs_tolls"), op("GET", "/catalog/prices", "list_catalog_prices")],
      q: "price",
      first: "list_catalog_prices",
    },
    {
      rule: "a verb of another method than the request's verb is a word of what is asked ('get new user count')",
      ops: [
        op("GET", "/dashboard/users/new", "get_dashboard_users_new"),
        op("GET", "/dashboard/users/total", "get_dashboard_users_total"),
        op("GET", "/users", "list_users"),
        op("GET", "/users/{id}", "get_user"),
        op("POST", "/users", "create_user"),
      ],
      q: "Get new user count",
      first: "get_dashboard_users_new",
    },
    {
      rule: "'create or replace' asks for the replacing operation too",
      ops: [
        op("POST", "/email-templates/preview", "preview_email_templates"),
        op("DELETE", "/email-templates", "delete_email_templates"),
        op("GET", "/email-templates", "list_email_templates"),
        op("PATCH", "/email-templates/{id}", "update_email_template"),
        op("PUT", "/email-templates", "replace_email_templates"),
      ],
      q: "Create or replace a list of email templates",
      first: "replace_email_templates",
    },
    {
      rule: "an index word that begins an asked one and is no common English word is its abbreviation ('exp')",
      ops: [
        op("PATCH", "/sign-in-exp", "update_sign_in_exp"),
        op("PATCH", "/sign-in/settings", "update_sign_in_settings"),
        op("GET", "/experiences", "list_experiences"),
        op("GET", "/sign-in-exp", "get_sign_in_exp"),
      ],
      q: "update the sign-in experience",
      first: "update_sign_in_exp",
    },
    {
      rule: "a common word is no abbreviation ('set' does not stand for 'settings')",
      ops: [op("GET", "/sets", "list_sets"), op("GET", "/preferences", "list_preferences"), op("GET", "/accounts", "list_accounts")],
      q: "show the settings",
      first: undefined,
    },
    {
      rule: "a common English word the index lacks is no typo of an index word near it ('constants' is not 'consent')",
      ops: [
        op("GET", "/applications/{id}/consent-scopes", "list_application_consent_scopes"),
        op("GET", "/systems/application", "get_systems_application"),
      ],
      q: "application constants",
      first: "get_systems_application",
    },
    {
      rule: "a word that is no English word is still read as a typo of the index word near it ('paymnts')",
      ops: [op("GET", "/payments", "list_payments"), op("GET", "/invoices", "list_invoices")],
      q: "list paymnts",
      first: "list_payments",
    },
    {
      rule: "an index word of an asked word's letters in order, no common word, is its contraction ('authn', 'mgmt')",
      ops: [
        op("GET", "/saml/{id}/metadata", "get_saml_metadata"),
        op("GET", "/saml/{id}/authn", "get_saml_authn"),
        op("GET", "/mgmt/keys", "list_mgmt_keys"),
        op("GET", "/keys", "list_keys"),
      ],
      q: "saml authentication",
      first: "get_saml_authn",
    },
    {
      rule: "'by X' asks for the operation that takes X as a parameter ('chatflow by API key')",
      ops: [
        op("GET", "/chatflows/apikey", "get_chatflows_apikey"),
        op("GET", "/chatflows/apikey/{apikey}", "get_chatflows_apikey_item"),
        op("GET", "/chatflows/{id}", "get_chatflow"),
      ],
      q: "look up a chatflow by its api key",
      first: "get_chatflows_apikey_item",
    },
    {
      rule: "'the given X' names one X the caller supplies: the path with a parameter ('rewards for the given recipient')",
      ops: [
        op("GET", "/burnchain/rewards", "get_burnchain_reward_list"),
        op("GET", "/burnchain/rewards/{address}", "get_burnchain_reward_list_by_address"),
      ],
      q: "recent burnchain rewards for the given recipient",
      first: "get_burnchain_reward_list_by_address",
    },
    {
      rule: "a closed compound the index lacks meets its head ('webhook' and /hooks)",
      ops: [op("GET", "/hooks/{id}", "get_hook"), op("GET", "/books/{id}", "get_book"), op("GET", "/web/pages", "list_web_pages")],
      q: "show one webhook",
      first: "get_hook",
    },
    {
      rule: "a head the index lacks meets the index's compounds of it ('hooks' and /webhooks)",
      ops: [op("GET", "/books", "list_books"), op("GET", "/webhooks", "list_webhooks"), op("GET", "/webs", "list_webs")],
      q: "list the hooks",
      first: "list_webhooks",
    },
    {
      rule: "a verb met only through a word inside it ('overwrite' and /writes) still means its method",
      ops: [op("POST", "/config", "create_config"), op("PUT", "/config", "replace_config"), op("GET", "/writes", "list_writes")],
      q: "overwrite the config",
      first: "replace_config",
    },
    {
      rule: "undoing a grant or an association is a DELETE ('revoke a token', 'unassign a role')",
      ops: [
        op("PATCH", "/users/{id}/tokens/{tokenId}", "update_user_token"),
        op("POST", "/users/{id}/tokens", "create_user_token"),
        op("DELETE", "/users/{id}/tokens/{tokenId}", "delete_user_token"),
      ],
      q: "revoke a user's token",
      first: "delete_user_token",
    },
    {
      rule: "a request that names no action, only a thing, asks to read it ('one webhook by id')",
      ops: [op("DELETE", "/hooks/{id}", "delete_hook"), op("PATCH", "/hooks/{id}", "update_hook"), op("GET", "/hooks/{id}", "get_hook")],
      q: "one hook by id",
      first: "get_hook",
    },
    {
      rule: "a request that starts with a word that can be a verb names an action: no read is assumed ('link identities')",
      ops: [op("POST", "/identity", "post_identity"), op("GET", "/identity", "get_identity")],
      q: "link the identity",
      first: "post_identity",
    },
    {
      rule: "the verb in an RPC-style path's last segment is its method by meaning (POST /messages/delete deletes)",
      ops: [
        op("GET", "/sessions/{id}/messages", "list_session_messages"),
        op("POST", "/sessions/{id}/messages/send", "send_session_messages"),
        op("POST", "/sessions/{id}/messages/delete", "remove_session_messages"),
      ],
      q: "remove a message",
      first: "remove_session_messages",
    },
    {
      rule: "an operation whose method means the request's verb has met that word too, as a word of the request",
      ops: [
        {
          ...op("DELETE", "/webhooks/{id}", "delete_webhook"),
          documented: true,
          summary: "Delete a webhook",
          description: "Stops the webhook's notifications.",
        },
        { ...op("POST", "/webhooks", "post_webhook"), documented: true, summary: "Create a webhook", description: "Adds a webhook." },
        { ...op("GET", "/webhooks", "list_webhooks"), documented: true, summary: "List webhooks", description: "Every webhook." },
        // "notification" is a common word of this API, as it is of hyperdx's: alerts send them.
        ...["create_alert", "update_alert", "list_alerts", "get_alert", "delete_alert"].map((id) => ({
          ...op(id.startsWith("list") ? "GET" : "POST", `/alerts/${id}`, id),
          documented: true,
          summary: id.replace("_", " an "),
          description: "Alerts send notifications to channels.",
        })),
      ],
      q: "create a webhook for notifications",
      first: "post_webhook",
    },
    {
      rule: "an operation served only under a condition apidex could not read ranks below an equal one always served",
      ops: [{ ...op("GET", "/me/profile", "get_me_profile"), unresolved: ["registration"] }, op("GET", "/my/profile", "get_my_profile")],
      q: "get profile",
      first: "get_my_profile",
    },
  ])("$rule", ({ ops, q, first }) => {
    expect(top(ops, q)[0]).toBe(first);
  });

  it("a verb only a description uses names no action: the request's verb still means its method", () => {
    const ops = [
      op("GET", "/saved-searches", "list_saved_searches"),
      {
        ...op("POST", "/saved-searches", "create_saved_search"),
        documented: true,
        description: "Saves a search; it fails rather than overwrite one of the same name.",
      },
      op("PUT", "/saved-searches/{id}", "update_saved_search"),
      op("DELETE", "/saved-searches/{id}", "delete_saved_search"),
    ];
    const hits = new OperationSearch(ops).search("overwrite a saved search", {}, 4);
    const update = hits.find((h) => h.entry.operation_id === "update_saved_search")!;
    expect(update.why).toContain("method: PUT (overwrite)");
    expect(update.score).toBeGreaterThan(hits.find((h) => h.entry.operation_id === "delete_saved_search")!.score);
    // Spelt by a path, the verb is an action there, and its method favours nothing else.
    const spelt = new OperationSearch([...ops, op("POST", "/saved-searches/{id}/overwrite", "overwrite_saved_search")]);
    expect(spelt.search("overwrite a saved search", {}, 1)[0]!.entry.operation_id).toBe("overwrite_saved_search");
    expect(spelt.search("overwrite a saved search", {}, 5).find((h) => h.entry.operation_id === "update_saved_search")!.why).not.toContain(
      "method",
    );
  });

  it.each([
    { q: "which captcha provider is configured?", first: "get_captcha_provider" },
    { q: "is there a captcha provider", first: "get_captcha_provider" },
    { q: "how do I remove the captcha provider?", first: "delete_captcha_provider" },
    // "what/which ... can I <verb>": the verb's object is what the question asks for, to be told.
    { q: "which captcha provider can I remove?", first: "get_captcha_provider" },
    { q: "what should I call to remove the captcha provider?", first: "delete_captcha_provider" },
    // A first word "of" follows is a noun, even one that can be a verb ("details", "checks"): a thing to read.
    { q: "details of the captcha provider", first: "get_captcha_provider" },
  ])("a question, or a request that starts with a noun, reads unless its verb means another method: $q", ({ q, first }) => {
    const ops = [
      op("DELETE", "/configs/captcha-provider", "delete_captcha_provider"),
      op("PUT", "/configs/captcha-provider", "replace_captcha_provider"),
      op("GET", "/configs/captcha-provider", "get_captcha_provider"),
    ];
    expect(top(ops, q)[0]).toBe(first);
  });

  it.each([
    { q: "assign a role to the user", first: "create_user_role" },
    { q: "link scopes to a role", first: "create_role_scope" },
    // A participle says what state a thing is in: "roles assigned to a user" asks to read them.
    { q: "roles assigned to the user", first: "list_user_roles" },
    { q: "scopes linked to a role", first: "list_role_scopes" },
  ])("making an association is a POST, as undoing one is a DELETE; a participle is no request: $q", ({ q, first }) => {
    const ops = [
      op("DELETE", "/users/{userId}/roles/{roleId}", "delete_user_role"),
      op("PUT", "/users/{userId}/roles", "replace_user_roles"),
      op("POST", "/users/{userId}/roles", "create_user_role"),
      op("GET", "/users/{userId}/roles", "list_user_roles"),
      op("DELETE", "/roles/{id}/scopes/{scopeId}", "delete_role_scope"),
      op("POST", "/roles/{id}/scopes", "create_role_scope"),
      op("GET", "/roles/{id}/scopes", "list_role_scopes"),
    ];
    expect(top(ops, q)[0]).toBe(first);
  });

  it.each([
    { q: "grants of the signed-in user", first: "list_my_account_grants" },
    { q: "list the current user's grants", first: "list_my_account_grants" },
    { q: "my grants", first: "list_my_account_grants" },
    { q: "grants of a user", first: "list_user_grants" },
  ])("the caller's own things are at the paths that say so (/my-account, /me): $q", ({ q, first }) => {
    const ops = [
      op("GET", "/users/{userId}/grants", "list_user_grants"),
      op("GET", "/my-account/grants", "list_my_account_grants"),
      op("GET", "/users", "list_users"),
    ];
    expect(top(ops, q)[0]).toBe(first);
  });

  it("without paths for the caller's own things, the current user is a user like any other", () => {
    const ops = [
      op("GET", "/users/{userId}/grants", "list_user_grants"),
      op("GET", "/applications/{id}/grants", "list_application_grants"),
    ];
    expect(top(ops, "grants of the current user")[0]).toBe("list_user_grants");
  });

  it("a word no operation uses meets WordNet's kinds of it ('a response' and /feedback); a word the index has does not", () => {
    const ops = [
      op("POST", "/chat-messages/{id}/feedback", "create_chat_message_feedback"),
      op("POST", "/chat-messages", "create_chat_message"),
      op("GET", "/chat-messages", "list_chat_messages"),
    ];
    const hits = new OperationSearch(ops).search("submit a response to a chat message", {}, 3);
    expect(hits[0]!.entry.operation_id).toBe("create_chat_message_feedback");
    expect(hits[0]!.why).toContain("feedback~");
    // Where the index has the word itself, that is what the request means: its kinds are not searched.
    const withResponses = new OperationSearch([...ops, op("POST", "/chat-messages/{id}/responses", "create_chat_message_response")]);
    const ranked = withResponses.search("submit a response to a chat message", {}, 4);
    expect(ranked[0]!.entry.operation_id).toBe("create_chat_message_response");
    expect(ranked.find((h) => h.entry.operation_id === "create_chat_message_feedback")?.why ?? "").not.toContain("feedback~");
  });

  it("in a question, a word the lexicons know only as an adjective means no method ('how many new users')", () => {
    const ops = [
      op("POST", "/users", "create_user"),
      op("GET", "/users", "list_users"),
      op("GET", "/dashboard/users/new", "get_dashboard_users_new"),
    ];
    const search = new OperationSearch(ops);
    // And a method's word a path spells, where it says no method of the request's, is that path's word.
    expect(search.search("how many new users signed up this week?", {}, 1)[0]!.entry.operation_id).toBe("get_dashboard_users_new");
    // Not in a question: "new user" asks to make one.
    expect(search.search("new user", {}, 1)[0]!.entry.operation_id).toBe("create_user");
  });

  it("a method's word that repeats the request's verb stays the method's ('create a new role' is no /new-password)", () => {
    const ops = [
      op("POST", "/experience/verification/new-password", "new_password_verification"),
      op("POST", "/roles", "create_role"),
      op("GET", "/roles", "list_roles"),
    ];
    expect(top(ops, "create a new role")[0]).toBe("create_role");
  });

  it("a content noun ('data', 'info') the paths spell is searched, unless a noun before it says whose content it is", () => {
    const ops = [
      { ...op("GET", "/infra/export-data", "list_infra_export_data"), summary: "Export all data for migration" },
      op("GET", "/stores/{id}", "get_store"),
      op("GET", "/users/{id}", "get_user"),
      op("GET", "/users/{id}/custom-data", "list_user_custom_data"),
    ];
    expect(top(ops, "dump all stored data")[0]).toBe("list_infra_export_data");
    // "user data" is the user: "data" says only that its content is asked for.
    expect(top(ops, "get user data for the given id")[0]).toBe("get_user");
    // An index whose paths do not spell it: the word says only "content", whatever stands before it.
    const plain = [op("GET", "/users/{id}", "get_user"), { ...op("GET", "/exports", "list_exports"), summary: "All data of the account" }];
    expect(top(plain, "all stored data of a user")[0]).toBe("get_user");
  });

  it("a delete where the request makes or changes something, or the reverse, ranks below the other changes", () => {
    // Equal matches in every word: a PUT that changes the webhook ranks above the DELETE that undoes it.
    const change = [
      { ...op("DELETE", "/webhooks/{id}", "delete_webhook"), summary: "The webhook" },
      { ...op("PUT", "/webhooks/{id}", "replace_webhook"), summary: "The webhook" },
    ];
    expect(top(change, "register a webhook")[0]).toBe("replace_webhook");
    // And the reverse: where nothing deletes, a read ranks above a change that makes one.
    const reverse = [
      { ...op("POST", "/webhooks", "create_webhook"), summary: "Webhooks" },
      { ...op("GET", "/webhooks", "list_webhooks"), summary: "Webhooks" },
    ];
    expect(top(reverse, "remove webhooks")[0]).toBe("list_webhooks");
    // Putting someone out of a group removes the membership.
    const team = [
      op("GET", "/team", "get_team"),
      op("GET", "/team/members", "list_team_members"),
      op("DELETE", "/team/members/{id}", "remove_team_member"),
    ];
    expect(top(team, "kick a user out of the team")[0]).toBe("remove_team_member");
  });

  it("a change the request asks for ranks a read of the same thing below the other changes", () => {
    // Equal matches: "update" means PUT or PATCH, and a GET cannot change anything, so it comes after a POST.
    const ops = [
      { ...op("GET", "/sign-in-settings", "get_sign_in_settings"), summary: "Sign-in settings" },
      { ...op("POST", "/sign-in-settings", "post_sign_in_settings"), summary: "Sign-in settings" },
    ];
    expect(top(ops, "update the sign-in settings")[0]).toBe("post_sign_in_settings");
    // A request that reads is unaffected: the GET still comes first.
    expect(top(ops, "show the sign-in settings")[0]).toBe("get_sign_in_settings");
  });

  it.each([
    ["set up a new data source", "create a new data source"],
    ["page through every alert my team has set up", "list every alert my team has created"],
    ["get rid of a dashboard", "delete a dashboard"],
    ["Turn off notifications for a channel", "disable notifications for a channel"],
    ["give a user some roles", "grant a user some roles"],
    ["give me all users", "give me all users"],
    ["the setup wizard", "the setup wizard"],
  ])("phrasal verbs are the single verbs they mean: %j", (written, read) => {
    expect(withPhrasalVerbs(written)).toBe(read);
  });

  it("a phrasal verb acts as the verb it means ('set up' creates, 'get rid of' deletes)", () => {
    const ops = [
      op("PUT", "/sources/{id}", "update_source"),
      op("POST", "/sources", "create_source"),
      op("GET", "/dashboards/{id}", "get_dashboard"),
      op("DELETE", "/dashboards/{id}", "delete_dashboard"),
    ];
    expect(top(ops, "set up a new source")[0]).toBe("create_source");
    expect(top(ops, "get rid of a dashboard")[0]).toBe("delete_dashboard");
  });

  it("a path that writes the verb inflected names a thing, and leaves the verb its method ('save' and /saved-searches)", () => {
    const ops = [
      op("GET", "/saved-searches/{id}", "get_saved_search"),
      op("DELETE", "/saved-searches/{id}", "delete_saved_search"),
      op("POST", "/saved-searches", "create_saved_search"),
    ];
    expect(top(ops, "save a search for later")[0]).toBe("create_saved_search");
  });

  it("a first word English uses most as a plural noun, or one a past participle follows, names a thing to read ('details about one store')", () => {
    const ops = [
      op("PUT", "/stores/{id}", "replace_store"),
      op("DELETE", "/stores/{id}", "delete_store"),
      op("GET", "/stores/{id}", "get_store"),
    ];
    expect(top(ops, "details about one store")[0]).toBe("get_store");
    // A past participle after it says which ("leads captured by a chatflow").
    const leads = [
      { ...op("POST", "/leads", "leads_post"), summary: "Leads" },
      { ...op("GET", "/leads", "leads_get"), summary: "Leads" },
    ];
    expect(top(leads, "leads captured by a chatflow")[0]).toBe("leads_get");
  });

  it("a request that only asks to be told ranks changes and deletes below an equal POST", () => {
    const ops = [
      { ...op("PATCH", "/team/settings", "update_team_settings"), summary: "Team settings" },
      { ...op("POST", "/team/settings", "query_team_settings"), summary: "Team settings" },
    ];
    expect(top(ops, "what are the team settings?")[0]).toBe("query_team_settings");
  });

  it("a noun made of a verb and the verb meet like related words ('invited' and /invitations)", () => {
    expect(derivations("invite")).toContain("invitation");
    expect(derivations("verify")).toContain("verification");
    expect(derivations("assignment")).toContain("assign");
    expect(derivations("creation")).toContain("create");
    expect(derivations("verification")).toContain("verify");
    // -d, -de, -se and -mit verbs make their nouns in -sion and -ssion, both ways.
    for (const [verb, noun] of [
      ["suspend", "suspension"],
      ["decide", "decision"],
      ["revise", "revision"],
      ["permit", "permission"],
      ["submit", "submission"],
      ["extend", "extension"],
    ]) {
      expect(derivations(verb!)).toContain(noun);
      expect(derivations(noun!)).toContain(verb);
    }
    const users = [
      op("PATCH", "/users/{id}/is-suspended", "update_user_is_suspended"),
      op("PUT", "/tokens/{id}/status", "replace_token_status"),
    ];
    expect(top(users, "update user suspension status")[0]).toBe("update_user_is_suspended");
    const ops = [op("GET", "/team/members", "list_team_members"), op("GET", "/team/invitations", "list_team_invitations")];
    expect(top(ops, "who has been invited to the team")[0]).toBe("list_team_invitations");
  });

  it("'upsert' and 'save' write: a create or a replace, not a read", () => {
    const ops = [op("GET", "/embeddings", "list_embeddings"), op("POST", "/embeddings", "post_embeddings")];
    expect(top(ops, "upsert embeddings")[0]).toBe("post_embeddings");
    const searches = [op("GET", "/searches/{id}", "get_search"), op("PUT", "/searches/{id}", "put_search")];
    expect(top(searches, "save a search")[0]).toBe("put_search");
  });

  it("among equal matches, the documented operation first: the published API before its undocumented twin", () => {
    // Alike in every word but where each is served.
    const ops = [
      { ...op("GET", "/web/team/members", "list_members_web"), summary: "List team members" },
      { ...op("GET", "/api/team/members", "list_members_api"), summary: "List team members", documented: true },
    ];
    expect(top(ops, "members of the team")[0]).toBe("list_members_api");
  });

  it("among close matches, the public operation first: a path that says it is internal is the service's own", () => {
    // The internal route is a collection and says "all" of itself; the public one answers many at a chatflow's id.
    const ops = [
      { ...op("GET", "/internal-chatmessage", "get_internal_chatmessage"), summary: "Get all internal chat messages" },
      { ...op("GET", "/chatmessage/{id}", "get_chatmessage"), summary: "Get all chat messages" },
      { ...op("DELETE", "/chatmessage/{id}", "delete_chatmessage"), summary: "Remove all chat messages" },
    ];
    expect(top(ops, "List all chat messages")[0]).toBe("get_chatmessage");
    // Asked for by its word, the internal one is what is meant.
    expect(top(ops, "List all internal chat messages")[0]).toBe("get_internal_chatmessage");
  });

  it("a scope the path does not spell goes in a trailing parameter not named for the thing ('leads for a chatflow' and /leads/{id})", () => {
    // The same handler at both paths: the one with the parameter can take the chatflow.
    const ops = [
      { ...op("GET", "/leads", "list_leads"), summary: "Get all leads for chatflow" },
      { ...op("GET", "/leads/{id}", "get_lead"), summary: "Get all leads for chatflow" },
      { ...op("POST", "/leads", "create_lead"), summary: "Create lead in chatflow" },
      // Other resources, so that the words weigh as they do in an API.
      ...["chatflows", "tools", "variables", "credentials", "assistants", "documents", "nodes", "prompts"].flatMap((r) => [
        op("GET", `/${r}`, `list_${r}`),
        op("POST", `/${r}`, `create_${r.slice(0, -1)}`),
        op("GET", `/${r}/{id}`, `get_${r.slice(0, -1)}`),
      ]),
    ];
    expect(top(ops, "Get all leads for a specific chatflow")[0]).toBe("get_lead");
    expect(top(ops, "list all leads")[0]).toBe("list_leads");
    // A parameter named for the thing itself is no scope; nor does a new item go in one.
    const twins = (method: string, path: string, param: string, summary: string) => [
      { ...op(method, path, `${method.toLowerCase()}_a`), summary },
      { ...op(method, `${path}/{${param}}`, `${method.toLowerCase()}_b`), summary },
    ];
    expect(top([...twins("GET", "/leads", "leadId", "Get all leads")], "all leads for a chatflow")[0]).toBe("get_a");
    expect(top([...twins("POST", "/feedback", "id", "Create feedback")], "create feedback for a chatflow")[0]).toBe("post_a");
    // "a list of X": X is what is asked, not a scope.
    expect(top([...twins("GET", "/addresses", "id", "List addresses")], "a list of the addresses")[0]).toBe("get_a");
    // Without a twin, a summary that says the operation answers many says the same of its parameter.
    const alone = [
      { ...op("GET", "/chatmessage/{id}", "get_chatmessage_item"), summary: "Get all chat messages" },
      { ...op("GET", "/internal-chatmessage", "get_internal_chatmessage"), summary: "Get all internal chat messages" },
      { ...op("GET", "/internal-chatmessage/{id}", "get_internal_chatmessage_item"), summary: "Get all internal chat messages" },
    ];
    expect(top(alone, "list all chat messages for a chatflow")[0]).toBe("get_chatmessage_item");
    // Where one path is no other's twin (another handler), `/members/{id}` is one member, not a team's.
    const members = [
      { ...op("GET", "/members", "members_list"), summary: "List" },
      { ...op("GET", "/members/{id}", "members_one"), summary: "Read one" },
      ...["chatflows", "tools", "variables", "credentials", "assistants", "documents", "nodes", "prompts"].flatMap((r) => [
        op("GET", `/${r}`, `list_${r}`),
        op("GET", `/${r}/{id}`, `get_${r.slice(0, -1)}`),
      ]),
    ];
    expect(top(members, "members of a team")[0]).toBe("members_list");
  });

  it("a verb searched as a word is not met by a permission key alone ('upsert' and a GET behind stores:upsert-config)", () => {
    const ops = [
      { ...op("GET", "/document-store/components/embeddings", "list_embedding_providers"), permissions: ["stores:upsert-config"] },
      op("POST", "/vector/upsert", "upsert_vector"),
      op("GET", "/vector/list", "list_vectors"),
    ];
    const [first] = new OperationSearch(ops).search("upsert embeddings into the vector store", {}, 3);
    expect(first!.entry.operation_id).toBe("upsert_vector");
    const providers = new OperationSearch(ops)
      .search("upsert embeddings", {}, 3)
      .find((h) => h.entry.operation_id === "list_embedding_providers");
    expect(providers?.why).not.toMatch(/permissions: upsert/);
  });

  it("two words a path writes as one count as those two words, not three ('vector store' and /vectorstore)", () => {
    // One meets "vector store" as one path word and "store" again; the other meets "upsert" and "vector".
    const ops = [op("GET", "/vectorstore/store-config", "get_vectorstore_store_config"), op("POST", "/vector/upsert", "upsert_vector")];
    const hits = new OperationSearch(ops).search("upsert into the vector store", {}, 2);
    expect(hits[0]!.entry.operation_id).toBe("upsert_vector");
  });

  it("a synset's words are synonyms of each other, not only of its headword ('respond' and /reply)", () => {
    const ops = [
      op("POST", "/messages/reply", "reply_message"),
      op("POST", "/messages/forward", "forward_message"),
      op("GET", "/messages", "list_messages"),
    ];
    expect(top(ops, "respond to a message")[0]).toBe("reply_message");
  });

  it("a word written in the plural is one word met, not two ('settings' and 'setting')", () => {
    // The MFA settings meet one word of three, in both its forms; the account center meets two.
    const ops = [
      { ...op("GET", "/mfa-settings", "list_mfa_settings"), summary: "MFA settings" },
      { ...op("GET", "/account-center", "get_account_center"), summary: "Account center" },
    ];
    expect(top(ops, "account center settings")[0]).toBe("get_account_center");
  });

  it("a word the request writes that is no common word and begins longer index words abbreviates them ('app' and /saml-applications)", () => {
    const ops = [
      op("POST", "/saml-applications", "create_saml_application"),
      op("GET", "/saml-applications/{id}", "get_saml_application"),
      op("POST", "/saml/{id}/connectors", "post_saml_connector"),
    ];
    const [hit] = new OperationSearch(ops).search("register a new SAML app", {}, 1);
    expect(hit!.entry.operation_id).toBe("create_saml_application");
    expect(hit!.why).toContain("application~");
    // A common English word is no abbreviation: "car" does not begin "cards" as a short form.
    const cards = new OperationSearch([op("GET", "/cards", "list_cards"), op("GET", "/cars", "list_cars")]);
    expect(cards.search("car", {}, 5).map((h) => h.entry.operation_id)).toEqual(["list_cars"]);
  });

  it("an adjective in -y the index lacks names its noun ('healthy' and /health, 'noisy' and /noise)", () => {
    const ops = [
      op("GET", "/health", "get_health"),
      op("GET", "/noise/levels", "get_noise_levels"),
      op("POST", "/infra/restart", "restart_infra"),
    ];
    const search = new OperationSearch(ops);
    expect(search.search("is the server healthy?", {}, 1)[0]!.entry.operation_id).toBe("get_health");
    expect(search.search("is it noisy", {}, 1)[0]!.entry.operation_id).toBe("get_noise_levels");
  });

  it.each([
    ["which roles does a user have?", true],
    ["who reacted to a message", true],
    ["Is the server healthy", true],
    ["list the roles", false],
    ["the roles of a user", false],
    ["show me what a user can do", false],
  ])("a request written as a question: %s", (text, question) => {
    expect(isQuestion(text)).toBe(question);
  });

  it("a path that spells the verb for something else leaves the verb its method ('register a webhook' and /password/register)", () => {
    const ops = [
      op("GET", "/webhooks", "list_webhooks"),
      op("POST", "/webhooks", "create_webhook"),
      op("DELETE", "/webhooks/{id}", "delete_webhook"),
      op("POST", "/password/register", "password_register"),
      op("POST", "/password/reset", "password_reset"),
    ];
    const hits = new OperationSearch(ops).search("register a new webhook", {}, 5);
    expect(hits[0]!.entry.operation_id).toBe("create_webhook");
    expect(hits[0]!.why).toContain("method: POST (register)");
    // The operation that spells the verb met it as a word: the method does not count it twice.
    expect(hits.find((h) => h.entry.operation_id === "password_register")!.why).not.toContain("method");
  });

  it.each([
    { path: "/sessions/{id}/messages/delete", methods: ["DELETE"], on: "/sessions/{id}/messages" },
    { path: "/api/documents.delete", methods: ["DELETE"], on: "/api" },
    { path: "/users/{id}/update-status", methods: ["PUT", "PATCH"], on: "/users/{id}" },
    { path: "/cache/clear/", methods: ["DELETE"], on: "/cache" },
    // A thing, not an action: a plural noun, an adjective, a parameter, a lone segment.
    { path: "/exports/downloads", methods: undefined },
    { path: "/messages/deleted", methods: undefined },
    { path: "/dashboard/users/new", methods: undefined },
    { path: "/messages/{delete}", methods: undefined },
    { path: "/delete", methods: undefined },
    { path: "/messages", methods: undefined },
  ])("the action a path names in its last segment: $path", ({ path, methods, on }) => {
    const action = pathAction(path);
    expect(action?.methods.sort()).toEqual(methods?.sort());
    if (on) expect(action?.on).toBe(on);
  });

  it("marks the words of a phrase of means until the clause ends, and drops determiner-like participles", () => {
    const asked = words("create a hook with the given data and send it");
    expect(asked.map((w) => [w.term, Boolean(w.means)])).toEqual([
      ["create", false],
      ["hook", false],
      ["datum", true],
      ["send", false],
    ]);
  });

  it.each([
    { text: "an address's staking positions", expected: ["address", "staking", "position"] },
    { text: "Get the user’s status", expected: ["get", "user", "status"] },
    { text: "the members' roles", expected: ["member", "role"] },
    { text: "it doesn't expire", expected: ["expire"] },
    { text: "x-api-key", expected: ["x", "api", "key"] },
  ])("a possessive or a contraction is one word, with no 's' or 't' of its own: $text", ({ text, expected }) => {
    expect(words(text).map((w) => w.term)).toEqual(expected);
  });

  it("a related word that only says a method is no word of the request: 'experience' does not bring in 'get'", () => {
    const ops = [
      op("GET", "/applications/{id}/sign-in-experience", "get_application_sign_in_experience"),
      op("PATCH", "/applications/{id}/sign-in-experience", "update_application_sign_in_experience"),
      op("GET", "/get-started", "get_get_started"),
    ];
    const [hit] = new OperationSearch(ops).search("get the sign-in experience", {}, 1);
    expect(hit?.entry.operation_id).toBe("get_application_sign_in_experience");
    expect(hit?.why).toContain("method: GET (get)");
    expect(hit?.why).not.toContain("get~");
  });

  it("two words the request wrote apart do not contract to a compound the index has ('chatflow id' is no 'chatid')", () => {
    const ops = [
      op("PUT", "/chatmessage/abort/{chatflowid}/{chatid}", "replace_chatmessage_abort_chatflow_by_chatid"),
      op("GET", "/chatflows/{id}", "get_chatflow"),
    ];
    const hit = new OperationSearch(ops).search("Get chatflow by ID", {}, 2).find((h) => h.entry.operation_id.startsWith("replace"));
    expect(hit?.why).toContain("params: chatflowid");
    expect(hit?.why).not.toContain("chatid");
  });

  it("a phrase of means still counts in full when the request has no other words", () => {
    const ops = [op("POST", "/login/password", "login_with_password"), op("POST", "/login/code", "login_with_code")];
    expect(top(ops, "with a password")[0]).toBe("login_with_password");
  });
});

describe("typo matching", () => {
  /** The textbook Levenshtein distance, to check the bounded one against. */
  function levenshtein(a: string, b: string): number {
    const d = Array.from({ length: a.length + 1 }, (_, i) =>
      Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
    );
    for (let i = 1; i <= a.length; i++)
      for (let j = 1; j <= b.length; j++)
        d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    return d[a.length]![b.length]!;
  }

  it("finds exactly the index words within the distance (property, against the textbook distance)", () => {
    const word = fc.string({ unit: fc.constantFrom(..."abcdeilnorst"), minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(fc.uniqueArray(word, { minLength: 1, maxLength: 40 }), word, fc.integer({ min: 0, max: 3 }), (vocabulary, term, max) => {
        const index = new Bm25Index(
          vocabulary.map((v) => [[v]]),
          [1],
        );
        const found = index
          .near(term, max)
          .map(([t]) => t)
          .sort();
        const expected = vocabulary.filter((v) => v !== term && levenshtein(term, v) <= max).sort();
        expect(found).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });
});

describe("ranking order", () => {
  const method = fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "PROPFIND", "SEARCH");
  const noun = fc.constantFrom("user", "users", "team", "member", "token", "tokens", "item", "note", "invoice", "report");
  const operation = fc.tuple(method, fc.array(noun, { minLength: 1, maxLength: 3 }), fc.boolean());
  const indexOf = (specs: [string, string[], boolean][]) =>
    specs.map(([m, segments, one], i) =>
      op(m, `/${segments.join("/")}${one ? "/{id}" : ""}`, `${m.toLowerCase()}_${segments.join("_")}_${i}`),
    );

  it("the first k of a limited search are the first k of the whole ranking, ties in index order (property)", () => {
    const request = fc.tuple(
      fc.constantFrom("", "list ", "remove ", "create ", "show me "),
      fc.array(noun, { minLength: 1, maxLength: 3 }),
    );
    fc.assert(
      fc.property(
        fc.array(operation, { minLength: 1, maxLength: 60 }),
        request,
        fc.integer({ min: 1, max: 10 }),
        (specs, [verb, nouns], k) => {
          const search = new OperationSearch(indexOf(specs));
          const q = verb + nouns.join(" ");
          const whole = search.search(q).map((h) => [h.entry.operation_id, h.score] as const);
          // Sorted by score, highest first; equal scores keep the index's order.
          const position = new Map(search.entries.map((e, i) => [e.operation_id, i]));
          for (let i = 1; i < whole.length; i++) {
            const [a, sa] = whole[i - 1]!;
            const [b, sb] = whole[i]!;
            expect(sa > sb || (sa === sb && position.get(a)! < position.get(b)!)).toBe(true);
          }
          expect(search.search(q, {}, k).map((h) => h.entry.operation_id)).toEqual(whole.slice(0, k).map(([id]) => id));
        },
      ),
      { numRuns: 600 },
    );
  });

  it("a method filter keeps exactly the operations of that method, whatever methods the service names", () => {
    fc.assert(
      fc.property(fc.array(operation, { minLength: 1, maxLength: 40 }), method, noun, (specs, m, word) => {
        const search = new OperationSearch(indexOf(specs));
        const all = search.search(word).map((h) => h.entry.operation_id);
        const only = search.search(word, { method: m.toLowerCase() }).map((h) => h.entry.operation_id);
        expect(only).toEqual(all.filter((id) => search.entries.find((e) => e.operation_id === id)!.method === m));
      }),
      { numRuns: 200 },
    );
  });
});
