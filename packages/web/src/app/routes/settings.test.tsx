import {
  GENERATION_DEFAULTS,
  roleAtLeast,
  type AiServiceInfo,
  type AiServiceInfoResponse,
  type CompanyProfile,
  type GenerationSettings,
  type User,
} from "@content-studio/contract";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { buildUser, startupRoutes } from "../../../test/data";
import { buildExampleRepoSettings } from "../../../test/examples-fixtures";
import { fail, installFakeApi, ok, type FakeRequest } from "../../../test/fake-api";
import { renderApp } from "../../../test/render-app";
import { ADMIN_SETTINGS_CARDS } from "../../../test/settings-fixtures";

const admin = buildUser({ id: "admin-1", name: "Ada Admin", role: "admin" });
const editor = buildUser({ id: "editor-1", name: "Eddie Editor", role: "editor" });

const PROVIDERS: AiServiceInfo["providers"] = [
  {
    id: "openai",
    label: "OpenAI",
    models: ["gpt-4o-mini", "gpt-4o", "gpt-4", "gpt-3.5-turbo"],
    defaultModel: "gpt-4o-mini",
    available: true,
    keyHint: "abcd",
  },
  {
    id: "google",
    label: "Google Gemini",
    models: ["gemini-1.5-pro", "gemini-1.5-flash"],
    defaultModel: "gemini-1.5-pro",
    available: false,
    keyHint: null,
  },
  {
    id: "compatible",
    label: "OpenAI-compatible endpoint",
    models: [],
    defaultModel: "",
    available: false,
    keyHint: null,
  },
  {
    id: "builtin",
    label: "Outline writer (offline, no AI)",
    models: ["content-studio-writer-1"],
    defaultModel: "content-studio-writer-1",
    available: true,
    keyHint: null,
  },
];

const BUILTIN: AiServiceInfo = {
  provider: "builtin",
  model: "content-studio-writer-1",
  providerLabel: "Outline writer (offline, no AI)",
  providers: PROVIDERS,
};

/** The organisation's generation settings as stored: the defaults. */
const SETTINGS: GenerationSettings = GENERATION_DEFAULTS;

/** GET /api/users as the server answers an admin: nobody changes their own role or status. */
const usersAnswer = (me: User) => ({
  users: [admin, editor].map((u) => ({
    ...u,
    can: { changeRole: u.id !== me.id, deactivate: u.id !== me.id, resetPassword: true },
  })),
  can: { create: true },
});

const COMPANY_PROFILE: CompanyProfile = {
  companyName: "Makers Co",
  description: "Makers Co sells cost software.",
  solutions: [{ name: "MC Design", description: "Design-stage costing.", product: "MC Suite" }],
  keyMetrics: [{ label: "20-30% decrease in time-to-market" }],
  offers: [{ name: "Pilot plan", url: "https://example.com/pilot", stages: ["decision"] }],
  bannedPhrases: ["synergy", "game changer"],
  voice: { toneAttributes: [], preferredWords: [], avoidWords: [], pointOfView: "second-person" },
};

/** What the server's policies answer to an admin (`can` on every settings answer). */
const ADMIN_CAN = { edit: true, generate: true };

function setup(
  user: User,
  extra: Record<string, Parameters<typeof installFakeApi>[0][string]> = {},
) {
  // The fake server answers `can` as the server's policies do for this user's role.
  const admin = roleAtLeast(user.role, "admin");
  const editor = roleAtLeast(user.role, "editor");
  const fake = installFakeApi({
    ...startupRoutes({ user, setupRequired: false }),
    "GET /api/ai-service-info": ok({ ...BUILTIN, can: { change: admin } }),
    "GET /api/settings/generation": ok({ ...SETTINGS, can: { edit: admin, generate: editor } }),
    "GET /api/settings/banned-phrases": ok({
      phrases: ["synergy", "game changer"],
      can: { edit: admin },
    }),
    "GET /api/settings/example-repository": ok(
      buildExampleRepoSettings({ repositorySource: "cloud", can: { edit: admin, ingest: editor } }),
    ),
    "GET /api/examples/ingest/jobs": ok([]),
    "GET /api/users": ok(usersAnswer(user)),
    "PUT /api/me/settings": (req) => ok(req.body),
    "GET /api/company-profile": ok({ ...COMPANY_PROFILE, isSample: false, can: { edit: admin } }),
    "GET /api/audit": ok({ entries: [], page: 1, pageSize: 50, hasMore: false }),
    "GET /api/webhooks": ok({ endpoints: [], allowedOrigins: [] }),
    "GET /api/publishing/connections": ok({ connections: [], allowedOrigins: [] }),
    "GET /api/settings/sso": ok({
      callbackUrl: "http://localhost:3000/api/auth/sso/callback/oidc",
      connection: null,
    }),
    ...extra,
  });
  const result = renderApp("/settings");
  return { ...result, fake };
}

// The first render of the whole screen can take over a second on a loaded machine.
const card = (name: string) => screen.findByRole("region", { name }, { timeout: 4000 });
const requestsTo = (requests: FakeRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.path === path);
/** A save the server takes as sent, answering with an admin's capabilities. */
const savedAsSent = (req: FakeRequest) => ok({ ...(req.body as object), can: ADMIN_CAN });

/** Saves the Content Generation Defaults card and waits for it to say so. */
async function saveDefaults(user: UserEvent, defaults: HTMLElement) {
  await user.click(within(defaults).getByRole("button", { name: "Save Generation Defaults" }));
  expect(
    await within(defaults).findByText("Content generation defaults saved."),
  ).toBeInTheDocument();
}

/** A request the test releases by hand, to see the pending state. */
function deferred() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { gate, release };
}

describe("settings: AI Provider Settings", () => {
  it("saves a provider change: 'Saving...', the success message, and the sidebar follows", async () => {
    const { gate, release } = deferred();
    const openai4o: AiServiceInfoResponse = {
      ...BUILTIN,
      can: { change: true },
      provider: "openai",
      model: "gpt-4o",
      providerLabel: "OpenAI",
    };
    const { fake } = setup(admin, {
      "POST /api/change-ai-provider": async () => {
        await gate;
        fake.routes["GET /api/ai-service-info"] = ok(openai4o);
        return ok(openai4o);
      },
    });
    const user = userEvent.setup();
    const ai = await card("AI Provider Settings");
    expect(
      within(ai).getByText(
        (_, el) =>
          el?.tagName === "P" &&
          el.textContent ===
            "Currently using Outline writer (offline, no AI) with model content-studio-writer-1",
      ),
    ).toBeInTheDocument();

    await user.click(within(ai).getByRole("radio", { name: "OpenAI" }));
    // The model follows the provider: its default first.
    expect(within(ai).getByLabelText("Model")).toHaveValue("gpt-4o-mini");
    await user.selectOptions(within(ai).getByLabelText("Model"), "gpt-4o");
    const fetchesBefore = requestsTo(fake.requests, "GET", "/api/ai-service-info").length;
    await user.click(within(ai).getByRole("button", { name: "Save AI Settings" }));

    expect(within(ai).getByRole("button", { name: "Saving..." })).toBeDisabled();
    release();
    expect(
      await within(ai).findByText("AI provider settings saved successfully."),
    ).toBeInTheDocument();
    expect(fake.requests.find((r) => r.path === "/api/change-ai-provider")?.body).toEqual({
      provider: "openai",
      model: "gpt-4o",
    });
    expect(within(ai).getByText(/^Currently using/)).toHaveTextContent(
      "Currently using OpenAI with model gpt-4o",
    );
    const sidebar = screen.getByRole("complementary", { name: "Sidebar" });
    expect(within(sidebar).getByText("OpenAI")).toBeInTheDocument();
    expect(within(sidebar).getByText("gpt-4o")).toBeInTheDocument();
    // The provider info is refetched, so every screen shows what the server resolves.
    await waitFor(() =>
      expect(requestsTo(fake.requests, "GET", "/api/ai-service-info").length).toBeGreaterThan(
        fetchesBefore,
      ),
    );
    expect(within(ai).getByRole("button", { name: "Save AI Settings" })).toBeDisabled();
  });

  it("shows 'Failed to save AI provider settings.' with the server's reason", async () => {
    setup(admin, {
      "POST /api/change-ai-provider": fail(
        409,
        "conflict",
        "OpenAI is not configured: set OPENAI_API_KEY on the server.",
      ),
    });
    const user = userEvent.setup();
    const ai = await card("AI Provider Settings");
    await user.click(within(ai).getByRole("radio", { name: "OpenAI" }));
    await user.click(within(ai).getByRole("button", { name: "Save AI Settings" }));

    expect(await within(ai).findByRole("alert")).toHaveTextContent(
      "Failed to save AI provider settings. OpenAI is not configured: set OPENAI_API_KEY on the server.",
    );
    // Still unsaved: the choice stays and can be saved again.
    expect(within(ai).getByRole("radio", { name: "OpenAI" })).toBeChecked();
    expect(within(ai).getByRole("button", { name: "Save AI Settings" })).toBeEnabled();
  });

  it("lists every provider, disabling the ones the server cannot use with what to set", async () => {
    setup(admin);
    const ai = await card("AI Provider Settings");
    const radios = within(ai).getAllByRole("radio");
    expect(radios.map((r) => r.getAttribute("value"))).toEqual(PROVIDERS.map((p) => p.id));
    for (const { label } of PROVIDERS) {
      expect(within(ai).getByRole("radio", { name: label })).toBeInTheDocument();
    }
    const google = within(ai).getByRole("radio", { name: "Google Gemini" });
    expect(google).toBeDisabled();
    expect(google).toHaveAccessibleDescription(
      "Set GOOGLE_GENERATIVE_AI_API_KEY on the server to enable.",
    );
    expect(within(ai).getByRole("radio", { name: "OpenAI-compatible endpoint" })).toBeDisabled();
    expect(within(ai).getByRole("radio", { name: "OpenAI" })).toBeEnabled();
    expect(
      within(ai).getByRole("radio", { name: "Outline writer (offline, no AI)" }),
    ).toBeChecked();
  });

  it("never puts more than the key's last four characters in the key field", async () => {
    const { container } = setup(admin);
    const user = userEvent.setup();
    const ai = await card("AI Provider Settings");
    const keyField = within(ai).getByLabelText("API key");
    expect(keyField).toHaveAttribute("readonly");
    expect(keyField).toHaveValue("No key needed");
    expect(keyField).toHaveAccessibleDescription(/API keys live in server environment variables/);
    expect(within(ai).getByRole("button", { name: "Show" })).toBeDisabled();

    await user.click(within(ai).getByRole("radio", { name: "OpenAI" }));
    expect(keyField).toHaveValue("••••••••••••");
    await user.click(within(ai).getByRole("button", { name: "Show" }));
    expect(keyField).toHaveValue("••••••••abcd");
    expect(within(ai).getByRole("button", { name: "Hide" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await user.click(within(ai).getByRole("button", { name: "Hide" }));
    expect(keyField).toHaveValue("••••••••••••");
    // Nothing else on the page carries key material either.
    expect(container.innerHTML).not.toMatch(/sk-/);
  });
});

describe("settings: Content Generation Defaults", () => {
  it("offers two sliders from 0.1 to 0.9 in steps of 0.1 showing their values", async () => {
    setup(admin);
    const defaults = await card("Content Generation Defaults");
    const quality = await within(defaults).findByRole("slider", { name: "Quality Threshold" });
    const refine = within(defaults).getByRole("slider", { name: "Auto-Refine Threshold" });
    for (const slider of [quality, refine]) {
      expect(slider).toHaveAttribute("min", "0.1");
      expect(slider).toHaveAttribute("max", "0.9");
      expect(slider).toHaveAttribute("step", "0.1");
    }
    expect(quality).toHaveValue("0.7");
    expect(refine).toHaveValue("0.5");

    // A value off the grid or outside the range lands on it (the browser does the same).
    fireEvent.change(quality, { target: { value: "0.30000000000000004" } });
    expect(quality).toHaveValue("0.3");
    expect(quality).toHaveAttribute("aria-valuetext", "0.3");
    fireEvent.change(refine, { target: { value: "1" } });
    expect(refine).toHaveValue("0.9");
    expect(within(defaults).getByText("0.9", { selector: "output" })).toBeInTheDocument();
  });

  it("saves the defaults and the generator's cached settings follow", async () => {
    const { fake, queryClient } = setup(admin, {
      "PUT /api/settings/generation": savedAsSent,
    });
    const user = userEvent.setup();
    const defaults = await card("Content Generation Defaults");
    await user.click(await within(defaults).findByRole("switch", { name: "Auto-Refine Content" }));
    await user.click(within(defaults).getByRole("switch", { name: "Use Benchmark Examples" }));
    fireEvent.change(within(defaults).getByRole("slider", { name: "Quality Threshold" }), {
      target: { value: "0.8" },
    });
    await saveDefaults(user, defaults);

    const expected = {
      ...SETTINGS,
      defaultUseBenchmarks: false,
      defaultAutoRefine: true,
      qualityThreshold: 0.8,
    };
    expect(requestsTo(fake.requests, "PUT", "/api/settings/generation")[0]?.body).toEqual(expected);
    expect(queryClient.getQueryData(["settings", "generation"])).toEqual({
      ...expected,
      can: ADMIN_CAN,
    });
    // Only what changed is sent.
    expect(requestsTo(fake.requests, "PUT", "/api/settings/banned-phrases")).toHaveLength(0);
  });

  it.each([
    {
      title: "switches the editor's review off, with a hint that it costs a model call",
      name: "Editor's review",
      hint: /one model call per check/,
      setting: "editorReview",
      on: true,
    },
    {
      title: "lets a one-person team allow authors to approve their own content",
      name: "Authors may approve their own content",
      hint: /For a one-person team/,
      setting: "allowSelfApproval",
      on: false,
    },
  ])("$title", async ({ name, hint, setting, on }) => {
    const { fake } = setup(admin, {
      "PUT /api/settings/generation": savedAsSent,
    });
    const user = userEvent.setup();
    const defaults = await card("Content Generation Defaults");
    const toggle = await within(defaults).findByRole("switch", { name });
    expect(toggle).toHaveProperty("checked", on);
    expect(within(defaults).getByText(hint)).toBeInTheDocument();
    await user.click(toggle);
    await saveDefaults(user, defaults);
    expect(requestsTo(fake.requests, "PUT", "/api/settings/generation")[0]?.body).toEqual({
      ...SETTINGS,
      [setting]: !on,
    });
  });

  it("saves the banned phrases one per line, showing the server's list", async () => {
    const { fake } = setup(admin, {
      "PUT /api/settings/banned-phrases": savedAsSent,
    });
    const user = userEvent.setup();
    const defaults = await card("Content Generation Defaults");
    const editor = await within(defaults).findByLabelText("Banned phrases");
    expect(editor).toHaveValue("synergy\ngame changer");

    await user.clear(editor);
    await user.type(editor, "synergy{Enter}  best-in-class {Enter}{Enter}Synergy{Enter}x");
    expect(within(defaults).getByText(/“x” does not fit/)).toBeInTheDocument();
    expect(
      within(defaults).getByRole("button", { name: "Save Generation Defaults" }),
    ).toBeDisabled();

    await user.type(editor, "yz");
    await saveDefaults(user, defaults);
    expect(requestsTo(fake.requests, "PUT", "/api/settings/banned-phrases")[0]?.body).toEqual({
      phrases: ["synergy", "best-in-class", "xyz"],
    });
    expect(editor).toHaveValue("synergy\nbest-in-class\nxyz");
    expect(requestsTo(fake.requests, "PUT", "/api/settings/generation")).toHaveLength(0);
  });

  it("shows a failed save with the server's reason", async () => {
    setup(admin, {
      "PUT /api/settings/generation": fail(403, "forbidden", "Only administrators can do this."),
    });
    const user = userEvent.setup();
    const defaults = await card("Content Generation Defaults");
    await user.click(
      await within(defaults).findByRole("switch", { name: "Perform Quality Check" }),
    );
    await user.click(within(defaults).getByRole("button", { name: "Save Generation Defaults" }));
    expect(await within(defaults).findByRole("alert")).toHaveTextContent(
      "Failed to save content generation defaults. Only administrators can do this.",
    );
  });
});

describe("settings: who may change what", () => {
  it("shows editors the organisation's settings read-only and lets them save only UI settings", async () => {
    const { fake } = setup(editor);
    const ai = await card("AI Provider Settings");
    expect(within(ai).getByRole("radio", { name: "OpenAI" })).toBeDisabled();
    expect(within(ai).getByLabelText("Model")).toBeDisabled();
    expect(within(ai).queryByRole("button", { name: "Save AI Settings" })).toBeNull();
    expect(
      within(ai).getByText("Only administrators can change these settings."),
    ).toBeInTheDocument();

    const defaults = await card("Content Generation Defaults");
    expect(
      await within(defaults).findByRole("switch", { name: "Use Benchmark Examples" }),
    ).toBeDisabled();
    expect(within(defaults).getByRole("slider", { name: "Quality Threshold" })).toBeDisabled();
    expect(within(defaults).getByLabelText("Banned phrases")).toHaveAttribute("readonly");
    expect(within(defaults).queryByRole("button", { name: /Save/ })).toBeNull();
    expect(screen.queryByRole("region", { name: "Users" })).toBeNull();

    const user = userEvent.setup();
    const ui = await card("UI Settings");
    await user.click(within(ui).getByRole("switch", { name: "Compact Mode" }));
    await user.click(screen.getByRole("button", { name: "Save All Settings" }));
    expect(await screen.findByText("All settings saved (UI settings).")).toBeInTheDocument();
    expect(fake.requests.filter((r) => r.method !== "GET").map((r) => r.path)).toEqual([
      "/api/me/settings",
    ]);
    // The company profile is shown read-only.
    const company = await card("Company Profile");
    expect(await within(company).findByLabelText("Company name")).toHaveAttribute("readonly");
    expect(within(company).queryByRole("button", { name: "Save Company Profile" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Audit Log" })).toBeNull();
  });
});

describe("settings: UI Settings", () => {
  it("previews dark mode on the document root, keeps it once saved, and reverts unsaved changes", async () => {
    const { router, fake } = setup(editor);
    const user = userEvent.setup();
    const root = document.documentElement;
    const ui = await card("UI Settings");
    expect(root).not.toHaveClass("dark");

    await user.click(within(ui).getByRole("switch", { name: "Dark Mode" }));
    expect(root).toHaveClass("dark");
    await user.click(within(ui).getByRole("radio", { name: "Teal" }));
    expect(root.dataset.accent).toBe("teal");
    await user.click(within(ui).getByRole("button", { name: "Save UI Settings" }));

    expect(await within(ui).findByText("UI settings saved.")).toBeInTheDocument();
    const saved = { darkMode: true, accentColor: "teal", compactMode: false };
    expect(requestsTo(fake.requests, "PUT", "/api/me/settings").map((r) => r.body)).toEqual([
      saved,
    ]);
    // This browser's copy, which theme-boot.js paints before the app loads next time.
    expect(JSON.parse(localStorage.getItem("content-studio:ui-settings") ?? "")).toEqual({
      userId: editor.id,
      settings: saved,
    });

    // An unsaved change is only a preview: leaving the screen goes back to the saved look.
    await user.click(within(ui).getByRole("switch", { name: "Compact Mode" }));
    expect(root.dataset.density).toBe("compact");
    await act(() => router.navigate("/"));
    expect(root.dataset.density).toBeUndefined();
    expect(root).toHaveClass("dark");
    expect(root.dataset.accent).toBe("teal");
  });

  it("applies the server's settings over this browser's older copy, and caches them", async () => {
    localStorage.setItem(
      "content-studio:ui-settings",
      JSON.stringify({
        userId: editor.id,
        settings: { darkMode: false, accentColor: "chartreuse", compactMode: false },
      }),
    );
    setup(editor, {
      "GET /api/me/settings": ok({ darkMode: true, accentColor: "purple", compactMode: true }),
    });
    const ui = await card("UI Settings");
    const root = document.documentElement;
    await waitFor(() => expect(root).toHaveClass("dark"));
    expect(root.dataset.density).toBe("compact");
    expect(root.dataset.accent).toBe("purple");
    expect(within(ui).getByRole("radio", { name: "Purple" })).toBeChecked();
    expect(within(ui).getByRole("switch", { name: "Dark Mode" })).toBeChecked();
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem("content-studio:ui-settings") ?? "")).toMatchObject({
        settings: { accentColor: "purple" },
      }),
    );
  });
});

describe("settings: Save All Settings", () => {
  it("saves every changed card at once and sums up, naming what failed", async () => {
    const { fake } = setup(admin, {
      "POST /api/change-ai-provider": fail(
        500,
        "internal_error",
        "Something went wrong on our side.",
      ),
      "PUT /api/settings/generation": savedAsSent,
    });
    const user = userEvent.setup();
    const saveAll = await screen.findByRole("button", { name: "Save All Settings" });
    expect(saveAll).toBeDisabled();

    const ai = await card("AI Provider Settings");
    await user.click(within(ai).getByRole("radio", { name: "OpenAI" }));
    const defaults = await card("Content Generation Defaults");
    await user.click(await within(defaults).findByRole("switch", { name: "Auto-Refine Content" }));
    const ui = await card("UI Settings");
    await user.click(within(ui).getByRole("switch", { name: "Dark Mode" }));
    expect(
      screen.getByText(
        "Unsaved changes: AI provider settings, content generation defaults and UI settings.",
      ),
    ).toBeInTheDocument();

    await user.click(saveAll);
    expect(
      await screen.findByText(
        "Some settings were not saved. Failed to save AI provider settings. Something went wrong on our side. Saved: content generation defaults and UI settings.",
      ),
    ).toBeInTheDocument();
    expect(requestsTo(fake.requests, "PUT", "/api/settings/generation")).toHaveLength(1);
    expect(requestsTo(fake.requests, "PUT", "/api/settings/banned-phrases")).toHaveLength(0);
    expect(requestsTo(fake.requests, "PUT", "/api/me/settings")).toHaveLength(1);
    expect(screen.getByText("Unsaved changes: AI provider settings.")).toBeInTheDocument();
  });
});

describe("settings: company profile and your account", () => {
  it("saves both with 'Save All Settings' and names the card that failed", async () => {
    const { fake } = setup(admin, {
      "PUT /api/company-profile": fail(400, "validation_error", "Enter a full https:// address.", {
        details: {
          issues: [{ path: "body.offers.0.url", message: "Enter a full https:// address." }],
        },
      }),
      "PATCH /api/me": (req) => ok({ ...admin, ...(req.body as object) }),
    });
    const user = userEvent.setup();
    const company = await card("Company Profile");
    const url = await within(company).findByLabelText("URL");
    await user.clear(url);
    await user.type(url, "http://example.com/pilot");
    const account = await card("Your account");
    const name = within(account).getByLabelText("Name");
    await user.clear(name);
    await user.type(name, "Ada Lovelace");
    expect(
      screen.getByText("Unsaved changes: your account and company profile."),
    ).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Save All Settings" }));
    expect(
      await screen.findByText(
        "Some settings were not saved. Failed to save the company profile. Enter a full https:// address. Saved: your account.",
      ),
    ).toBeInTheDocument();
    expect(
      within(company).getByText("Enter a full https:// address.", { selector: "p" }),
    ).toBeInTheDocument();
    const sent = requestsTo(fake.requests, "PUT", "/api/company-profile")[0]?.body as Record<
      string,
      unknown
    >;
    // Banned phrases are not part of this save: the generation defaults card owns them.
    expect(sent).not.toHaveProperty("bannedPhrases");
    expect(requestsTo(fake.requests, "PATCH", "/api/me").map((r) => r.body)).toEqual([
      { name: "Ada Lovelace" },
    ]);
  });
});

describe("settings: section list", () => {
  it("lists every card in order, each a link to it, and keeps 'Save All Settings'", async () => {
    setup(admin);
    await card("Audit Log");
    const nav = screen.getByRole("navigation", { name: "Settings sections" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((l) => l.textContent)).toEqual(ADMIN_SETTINGS_CARDS);
    for (const [i, link] of links.entries()) {
      const id = link.getAttribute("href")?.replace(/^#/, "") ?? "";
      const target = document.getElementById(id);
      expect(target).not.toBeNull();
      expect(
        within(target!).getByRole("region", { name: ADMIN_SETTINGS_CARDS[i] }),
      ).toBeInTheDocument();
    }
    // One entry is current. (Which one follows the layout, which jsdom does not have: every
    // card's top reads 0 once measured. The settings journey checks it in Chromium.)
    await waitFor(() =>
      expect(links.filter((l) => l.getAttribute("aria-current") === "true")).toHaveLength(1),
    );
    expect(screen.getByRole("button", { name: "Save All Settings" })).toBeInTheDocument();
  });

  it("lists only the cards an editor sees", async () => {
    setup(editor);
    await card("UI Settings");
    const nav = screen.getByRole("navigation", { name: "Settings sections" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((l) => l.textContent),
    ).toEqual(
      ADMIN_SETTINGS_CARDS.filter(
        (c) => !["Users", "Webhooks", "Single sign-on", "Publishing", "Audit Log"].includes(c),
      ),
    );
  });

  it("moves to a card by keyboard: focus on its heading, marked current, named in the address", async () => {
    const scrolled: Element[] = [];
    const scrollIntoView = vi
      .spyOn(Element.prototype, "scrollIntoView")
      .mockImplementation(function (this: Element) {
        scrolled.push(this);
      });
    setup(admin);
    const users = await card("Users");
    const link = within(screen.getByRole("navigation", { name: "Settings sections" })).getByRole(
      "link",
      { name: "Users" },
    );
    const user = userEvent.setup();
    link.focus();
    await user.keyboard("{Enter}");

    expect(within(users).getByRole("heading", { level: 2, name: "Users" })).toHaveFocus();
    expect(link).toHaveAttribute("aria-current", "true");
    expect(scrolled).toContain(document.getElementById("settings-users"));
    expect(window.location.hash).toBe("#settings-users");
    scrollIntoView.mockRestore();
  });
});
