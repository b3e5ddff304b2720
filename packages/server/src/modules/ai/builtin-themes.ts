/**
 * The template writer's paragraph blocks, grouped by theme. A topic picks the themes whose
 * terms it shares (see builtin-draft.ts), so two topics read differently in the body, not only
 * in the headline. No figures and no attributions: every sentence is general practice stated
 * as such. `{ind}` is replaced by the industry's name (lower-case).
 */
export interface Theme {
  id: string;
  /** Stems of the words that make a topic about this theme. */
  terms: string[];
  headings: string[];
  /** Paragraphs, each two or three sentences. */
  paragraphs: string[];
  /** Steps for guides: a short lead sentence, then the detail. */
  steps: string[];
  /** Questions for a team's own review (awareness). */
  questions: string[];
  /** Criteria for comparing approaches (consideration). */
  criteria: string[];
  /** What to measure. */
  measures: string[];
}

export const THEMES: readonly Theme[] = [
  {
    id: "simulation",
    terms: ["simul", "virtual", "digital", "twin", "model", "analys", "predict", "fea", "cae"],
    headings: [
      "What simulation can settle before a part exists",
      "Simulating cost, not only performance",
    ],
    paragraphs: [
      "Simulation already answers structural and thermal questions long before a prototype. The same logic applies to cost: a process model of a part can show what drives its price while the geometry is still open.",
      "A digital model earns its keep when it changes a decision. If the cost estimate arrives after the design review, it documents the decision instead of shaping it.",
      "Virtual builds let a team compare a machined part with a casting, or a weldment with a forging, without waiting for supplier quotes. The comparison is only as good as the process assumptions behind it, so those assumptions need an owner.",
    ],
    steps: [
      "Model the process, not only the part. Record the routing, machine rates and material assumptions behind each estimate.",
      "Run the alternatives side by side. Compare two or three manufacturing routes before the design review, not after.",
    ],
    questions: [
      "Which of our design decisions are still made without any estimate of their cost?",
      "Where do we simulate performance but wait for a supplier to tell us the cost?",
    ],
    criteria: [
      "How transparent the process model is. Engineers should see which assumption drives each line of the estimate.",
      "How fast a first estimate arrives from a model. An answer that takes a week misses the design review.",
    ],
    measures: [
      "Share of design reviews with a cost estimate on the table",
      "Time from model to first cost estimate",
    ],
  },
  {
    id: "roi",
    terms: [
      "roi",
      "return",
      "payback",
      "business",
      "case",
      "invest",
      "value",
      "justif",
      "budget",
      "financ",
      "saving",
    ],
    headings: ["Where the return comes from", "Building a business case finance will accept"],
    paragraphs: [
      "The return on any cost-engineering effort comes from decisions that change: a material swapped, a tolerance relaxed, a supplier quote challenged. Counting those decisions is more convincing than any general estimate.",
      "Finance will ask what the money buys and when. A business case built from one program's own change history answers both questions in terms the finance team already uses.",
      "Payback depends on the program mix. A portfolio of many new parts pays back faster than one mature product line, so the case should say which programs it covers.",
    ],
    steps: [
      "Price last year's cost-driven changes. Count the engineering changes that were made for cost and what each one cost to make late.",
      "Agree the baseline with finance. Use the numbers finance already trusts, so the result is judged on familiar terms.",
    ],
    questions: [
      "How many of last year's engineering changes were made for cost, and what did they cost to make late?",
      "Could we show finance which design decisions protected margin on our last launch?",
    ],
    criteria: [
      "Whether the business case uses your own program data. A vendor's average says little about your mix.",
      "How soon a first result can be reviewed with finance. A long wait before any evidence weakens the case.",
    ],
    measures: [
      "Cost of late engineering changes per program",
      "Margin on new products against plan",
    ],
  },
  {
    id: "change",
    terms: ["eco", "ecn", "change", "rework", "revision", "redesign", "late", "freeze"],
    headings: ["Why late changes cost so much", "Catching cost before it becomes a change order"],
    paragraphs: [
      "A change made on paper during concept costs an afternoon. The same change after tooling or qualification means rework, new approvals and schedule pressure.",
      "Many engineering change orders are cost fixes in disguise: a part turned out more expensive to make than anyone expected. Each one is a decision that could have been made earlier with better information.",
      "Design freeze is where the price of a change jumps. The work is to move cost questions in front of it, into the reviews where the design can still move.",
    ],
    steps: [
      "Tag every change with its cause. Separate cost-driven changes from performance and compliance changes, so the pattern becomes visible.",
      "Review cost at the gate before freeze. Make a cost estimate an entry condition for the last design review before release.",
    ],
    questions: [
      "Which of our recent change orders were really cost fixes found too late?",
      "At which gate do we first see a reliable cost for a new part?",
    ],
    criteria: [
      "Whether the approach shows cost early enough to avoid a change order, not only to document one.",
      "How easily an estimate is updated when the design changes. Stale estimates lead back to late surprises.",
    ],
    measures: ["Cost-driven engineering changes after design freeze", "Rework hours per program"],
  },
  {
    id: "should-cost",
    terms: ["should", "estimat", "quot", "rfq", "pric", "calculat", "bottom", "breakdown"],
    headings: ["What a should-cost gives you", "Estimating cost from the design itself"],
    paragraphs: [
      "A should-cost breaks a part's price into material, process, labour, tooling and overhead. With that breakdown, a quote stops being a single number to accept or reject.",
      "Estimates built from spreadsheets tend to live with one expert. When that person is busy, cost questions wait, and the design moves on without them.",
      "Quoting speed matters as much as accuracy. An estimate that arrives while the design is still open is worth more than a precise one that arrives after release.",
    ],
    steps: [
      "Start from the parts that carry most of the cost. A short list of expensive parts usually explains most of a product's cost.",
      "Keep the assumptions visible. Record rates, yields and cycle times beside each estimate, so anyone can check and update them.",
    ],
    questions: [
      "Who in our team can produce a should-cost today, and how long does it take?",
      "How often do we accept a supplier quote because we have nothing to compare it with?",
    ],
    criteria: [
      "How close estimates come to the quotes you actually receive, tested on parts you bought recently.",
      "Whether the estimate shows its cost drivers, so engineers know what to change.",
    ],
    measures: ["Gap between estimate and supplier quote", "Time to produce a should-cost"],
  },
  {
    id: "supplier",
    terms: [
      "supplier",
      "procur",
      "sourc",
      "purchas",
      "negotiat",
      "vendor",
      "supply",
      "buyer",
      "contract",
    ],
    headings: [
      "Talking to suppliers with your own numbers",
      "Where engineering and procurement meet",
    ],
    paragraphs: [
      "A negotiation without a cost model is a negotiation about percentages. With a breakdown of what the part should cost, the conversation turns to specific drivers such as cycle time, scrap or setup.",
      "Procurement and engineering often work from different numbers. One shared baseline ends the argument about whose estimate is right and starts the one about what to change.",
      "Suppliers respect a buyer who understands their process. Asking about a specific operation earns a better answer than asking for a discount.",
    ],
    steps: [
      "Share one baseline with procurement. Agree which estimate both teams use before the request for quotation goes out.",
      "Compare quotes line by line. Ask suppliers about the drivers where their price and your estimate differ most.",
    ],
    questions: [
      "Do engineering and procurement use the same cost number for the same part?",
      "When a quote looks high, can we say which operation makes it high?",
    ],
    criteria: [
      "Whether procurement and engineering can both use the same estimate without reworking it.",
      "How well the cost breakdown supports a conversation with a supplier about specific operations.",
    ],
    measures: ["Quotes challenged with a cost breakdown", "Price changes won in negotiation"],
  },
  {
    id: "time",
    terms: [
      "time",
      "market",
      "speed",
      "fast",
      "faster",
      "schedul",
      "launch",
      "cycl",
      "deadlin",
      "npi",
      "introduct",
      "delay",
      "agil",
    ],
    headings: ["Speed without late surprises", "Protecting the launch date"],
    paragraphs: [
      "Schedules slip less from slow engineering than from work done twice. A cost problem found after release sends a design back through reviews that were already passed.",
      "Launch dates depend on decisions made in the first weeks of a program. Settling cost early removes one of the most common reasons to reopen them.",
      "Faster design cycles help only if the answers they produce hold. A quick iteration that ignores cost creates the slow iteration that follows it.",
    ],
    steps: [
      "Put cost on the critical path early. Ask for a first estimate at concept, when changing the design costs least.",
      "Track re-opened decisions. Count the design decisions that came back after release and why.",
    ],
    questions: [
      "How many weeks did cost-driven rework add to our last launch?",
      "Which design reviews had to be repeated because a cost problem surfaced late?",
    ],
    criteria: [
      "How quickly the approach gives a first answer on a live program, not in a prepared demonstration.",
      "Whether it fits the review rhythm you already run, or adds a new step engineers must wait for.",
    ],
    measures: ["Launches on the planned date", "Design cycle time from concept to release"],
  },
  {
    id: "quality",
    terms: [
      "quality",
      "defect",
      "scrap",
      "yield",
      "first",
      "reliab",
      "toleranc",
      "inspect",
      "warranty",
    ],
    headings: [
      "Quality and cost are decided together",
      "Tolerances, yield and the price of a part",
    ],
    paragraphs: [
      "A tighter tolerance, an extra inspection step or a difficult feature raises both cost and the risk of scrap. The same design review can catch both.",
      "First-time quality depends on designs that the factory can make reliably. Manufacturability checks and cost checks look at the same features from two sides.",
      "Scrap and rework are cost that no estimate shows unless someone asks for it. Yield assumptions belong in the estimate from the start.",
    ],
    steps: [
      "Review tolerances with cost in mind. Ask which tight tolerances are needed for function and which are habit.",
      "Include yield in every estimate. A part with low yield costs more than its cycle time suggests.",
    ],
    questions: [
      "Which features on our parts drive both scrap and cost?",
      "Do our estimates include the cost of inspection and rework?",
    ],
    criteria: [
      "Whether the cost model reflects tolerances, inspection and yield, not only material and machine time.",
      "How well it supports manufacturability reviews that engineers already hold.",
    ],
    measures: ["First-time quality on new parts", "Scrap and rework cost per program"],
  },
  {
    id: "material",
    terms: [
      "material",
      "titanium",
      "aluminum",
      "aluminium",
      "steel",
      "composit",
      "alloy",
      "weight",
      "lightweight",
      "plastic",
      "copper",
      "casting",
      "forging",
      "commodit",
    ],
    headings: ["Material choices that set the price", "Weight, material and cost in one decision"],
    paragraphs: [
      "Material is often the largest single line in a part's cost, and it is chosen early. A change from one alloy or process to another later in the program rarely comes cheap.",
      "Weight savings and cost savings can pull in opposite directions. Seeing both numbers in the same review lets the team choose the trade-off on purpose.",
      "Commodity prices move, and designs that use less of an expensive material move with them less. Buy-to-fly and material utilisation are design decisions as much as purchasing ones.",
    ],
    steps: [
      "Compare material options with their process. A cheaper material that needs a slower process may not be cheaper.",
      "Track material utilisation. Record how much raw material each part needs, not only what it weighs when finished.",
    ],
    questions: [
      "Which material choices on our current programs were made before anyone priced them?",
      "Where do weight targets and cost targets conflict, and who decides between them?",
    ],
    criteria: [
      "Whether the approach compares materials together with the process each one needs.",
      "How quickly it reflects a change in material prices across existing estimates.",
    ],
    measures: [
      "Material cost per part against target",
      "Material utilisation on machined and formed parts",
    ],
  },
  {
    id: "manufacturing",
    terms: [
      "manufactur",
      "process",
      "tool",
      "tooling",
      "machin",
      "cnc",
      "mold",
      "mould",
      "stamp",
      "weld",
      "assembl",
      "dfm",
      "dfma",
      "factory",
      "production",
      "additiv",
      "print",
    ],
    headings: [
      "Designing for the process that will make it",
      "Manufacturability is a cost question",
    ],
    paragraphs: [
      "Every feature on a drawing becomes an operation on a shop floor. Design for manufacturing reviews turn that link into decisions: fewer setups, simpler fixtures, standard tools.",
      "Tooling decisions lock in cost for the life of a part. Once a tool is cut, changing the geometry is a project of its own.",
      "The cheapest process for a part depends on its volume. A route that suits a prototype run can be the wrong choice for series production.",
    ],
    steps: [
      "Hold a manufacturability review with cost on the agenda. Bring the estimate and the process plan to the same meeting.",
      "Decide the process route before tooling. Compare at least two routes at the expected volume.",
    ],
    questions: [
      "Which of our parts need more setups or special tools than their function requires?",
      "When do manufacturing engineers first see a new design?",
    ],
    criteria: [
      "How well the approach covers the processes you actually use, including the difficult ones.",
      "Whether it shows how cost changes with volume, so the process choice fits the program.",
    ],
    measures: ["Setups and operations per part", "Tooling changes after release"],
  },
  {
    id: "data",
    terms: [
      "data",
      "plm",
      "erp",
      "cad",
      "integrat",
      "thread",
      "platform",
      "system",
      "software",
      "tool",
      "spreadsheet",
      "automat",
      "ai",
      "digit",
      "connect",
    ],
    headings: ["Connecting cost to the design data", "From spreadsheets to a shared cost model"],
    paragraphs: [
      "Cost knowledge that lives in spreadsheets leaves with the people who built them. A shared model keeps the assumptions where the next program can use them.",
      "When cost data sits beside CAD and PLM data, an engineer sees the effect of a change while making it. When it sits elsewhere, someone has to ask.",
      "Integration work is easier in phases. Reading models and bills of materials comes first; connecting to ERP rates and supplier data can follow once the value is shown.",
    ],
    steps: [
      "Start with the data you already have. Import models and bills of materials before connecting other systems.",
      "Give the cost model an owner. Someone has to keep rates and assumptions current, or trust fades quickly.",
    ],
    questions: [
      "Where does our cost knowledge live today, and who can update it?",
      "Can an engineer see the cost effect of a design change without asking someone?",
    ],
    criteria: [
      "How the approach fits your CAD and PLM systems, and what it takes to keep them in step.",
      "Who owns the rates and assumptions, and how changes to them reach existing estimates.",
    ],
    measures: [
      "Estimates produced without manual re-entry",
      "Parts with a current cost estimate in PLM",
    ],
  },
  {
    id: "margin",
    terms: ["margin", "profit", "target", "cheaper", "afford", "gross"],
    headings: ["Where margin is won or lost", "Setting and holding a target cost"],
    paragraphs: [
      "Most of a product's cost is committed by decisions made in design. Purchasing and production can recover some of it later, but only at the edges.",
      "A target cost works when it is broken down to the parts engineers own. A single number for the whole product gives no one a reason to change a specific design.",
      "Cost reduction after launch is hard work for small gains. The same effort spent during design moves larger numbers.",
    ],
    steps: [
      "Break the target down. Give each major assembly its own target cost before detailed design starts.",
      "Review cost against target at every gate. Put the number beside weight and performance, where it is hard to ignore.",
    ],
    questions: [
      "Do our engineers know the target cost of the parts they design?",
      "At which point in the program do we first compare cost with target?",
    ],
    criteria: [
      "Whether the approach supports target costs at part and assembly level, not only for the whole product.",
      "How clearly it shows the gap to target and the drivers behind it.",
    ],
    measures: [
      "Product cost against target at design freeze",
      "Margin on new products in their first year",
    ],
  },
  {
    id: "people",
    terms: [
      "team",
      "engineer",
      "people",
      "skill",
      "adopt",
      "cultur",
      "organi",
      "collabor",
      "train",
      "hire",
      "talent",
      "leader",
      "manag",
    ],
    headings: ["Making cost part of how engineers work", "What it asks of the team"],
    paragraphs: [
      "Engineers make cost decisions every day, usually without seeing the cost. Giving them the number at the moment of choice changes more than any policy.",
      "New tools fail when they add work without giving anything back. The test is whether an engineer gets an answer faster than by asking a colleague.",
      "Cost ownership works when it is shared: engineering runs the model, procurement tests it against quotes and finance agrees the baseline.",
    ],
    steps: [
      "Start with a small group. Choose engineers on one program who already feel the cost pressure.",
      "Make the result visible. Show the team which decisions changed because of the estimates.",
    ],
    questions: [
      "Do our design engineers see the cost of their choices before a review?",
      "Who owns product cost between engineering, procurement and finance?",
    ],
    criteria: [
      "How much effort it asks of design engineers, and what they get back for it.",
      "Whether procurement and finance can use the same results without a separate process.",
    ],
    measures: [
      "Engineers using cost estimates in design reviews",
      "Decisions changed because of an estimate",
    ],
  },
  {
    id: "sustainability",
    terms: [
      "sustainab",
      "carbon",
      "emission",
      "co2",
      "green",
      "environment",
      "esg",
      "energy",
      "recycl",
      "circular",
      "footprint",
    ],
    headings: [
      "Cost and carbon from the same design decisions",
      "Sustainability targets in the design review",
    ],
    paragraphs: [
      "The decisions that set a part's cost also set much of its footprint: material, process, weight and scrap. Looking at both in the same review avoids solving one at the expense of the other.",
      "Customers and regulators increasingly ask for footprint data per product. A cost model that already tracks material and process has much of what that calculation needs.",
    ],
    steps: [
      "Track material and energy with cost. Record both for the processes in each estimate.",
      "Compare alternatives on both measures. Choose the trade-off openly rather than by default.",
    ],
    questions: [
      "Do we know the footprint of the parts we design, or only their cost?",
      "Where do cost targets and sustainability targets conflict on our programs?",
    ],
    criteria: [
      "Whether the approach can report footprint alongside cost from the same process data.",
      "How well it compares alternatives on both measures at once.",
    ],
    measures: ["Material and energy per part", "Designs reviewed on both cost and footprint"],
  },
  {
    id: "compliance",
    terms: [
      "complian",
      "regulat",
      "certif",
      "qualif",
      "standard",
      "audit",
      "safety",
      "as9100",
      "iatf",
      "iso",
      "faa",
      "easa",
      "approv",
    ],
    headings: [
      "Change control raises the price of late decisions",
      "Compliance and cost in the same process",
    ],
    paragraphs: [
      "Where every change needs qualification or customer approval, a late change costs far more than the engineering work itself. That makes early cost decisions more valuable, not less.",
      "Compliance processes already structure the design reviews. Adding cost to those reviews uses a rhythm the team already follows.",
    ],
    steps: [
      "Add cost to existing gate reviews. Use the reviews your quality system already requires.",
      "Record the cost reasoning with the design record. It helps when a change is questioned later.",
    ],
    questions: [
      "How much of the cost of our last change went into requalification rather than engineering?",
      "Which gate reviews could carry a cost check with no new meeting?",
    ],
    criteria: [
      "How the approach records its assumptions, so they hold up in a review or audit.",
      "Whether it fits the change-control process you already run.",
    ],
    measures: ["Changes that needed requalification", "Cost of changes after qualification"],
  },
];
