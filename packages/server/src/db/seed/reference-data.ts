import type { CompanyCatalog, CompanyVoice, Industry, Persona } from "@content-studio/contract";

export const PERSONAS: Persona[] = [
  {
    id: "vp-engineering",
    title: "VP of Engineering",
    description:
      "Owns the engineering organization's budget, headcount and delivery commitments across multiple product lines and programs. Accountable to the executive team for hitting target cost and launch dates, and increasingly asked to prove that design decisions protect product margin.",
    avgAge: "45-55",
    education: "BS in Mechanical or Aerospace Engineering; often an MS in Engineering or an MBA",
    reportingTo: "CTO or COO",
    decisionMaker: true,
    painPoints: [
      "Cost overruns discovered after design freeze, when 70-80% of product cost is already locked in",
      "Late-stage engineering change orders (ECOs) that push out launch dates and drive rework in tooling",
      "No reliable should-cost visibility when negotiating with suppliers or defending target cost to finance",
      "Engineering and procurement working from different cost numbers and spreadsheet-based estimates",
      "Program reviews that surface margin erosion too late to change the design",
      "Pressure to cut time-to-market without adding engineering headcount",
    ],
    goals: [
      "Hit target cost at design freeze on every new product introduction (NPI)",
      "Reduce late-stage ECOs and the rework and scrap that follow them",
      "Give engineering, procurement and finance one trusted cost baseline",
      "Shorten design cycle time while protecting quality and compliance",
      "Demonstrate engineering's measurable contribution to gross margin",
    ],
    contentPreferences: [
      "Peer case studies with quantified margin and schedule impact",
      "Executive briefings that can be read in under ten minutes",
      "ROI models tied to program-level financials",
      "Analyst and benchmark data on design-to-cost maturity",
      "Invitation-only peer roundtables with other engineering executives",
    ],
    keyMetrics: [
      "Product cost versus target cost at design freeze",
      "On-time NPI launches",
      "Engineering change order volume and cost",
      "Engineering spend as a percent of revenue",
      "Gross margin on new products in the first year",
    ],
    buyingCommittee: [
      "CTO",
      "Director of Engineering",
      "VP of Procurement / Supply Chain",
      "CFO or Finance Business Partner",
      "IT / PLM Systems Lead",
    ],
    buyingJourney: {
      awareness: {
        painPoints: [
          "Margin erosion on recent launches traced back to design decisions",
          "Rising ECO counts after design freeze",
          "Supplier quotes that cannot be challenged without a should-cost",
          "Board pressure to cut product cost without slowing programs",
        ],
        contentTypes: [
          "Executive briefs on design-to-cost",
          "Industry benchmark reports",
          "Analyst perspectives",
        ],
        channels: ["LinkedIn", "Industry conferences", "Trade publications"],
      },
      consideration: {
        evaluationCriteria: [
          "Proven cost accuracy against actual supplier quotes",
          "Time to value on a live program",
          "Integration with existing CAD and PLM systems",
          "Adoption effort for design engineers",
        ],
        contentTypes: ["Case studies", "ROI calculators", "Executive demos"],
        channels: ["Peer references", "Executive roundtables", "Account executive meetings"],
      },
      decision: {
        stakeholders: ["CTO", "CFO", "VP of Procurement", "Director of Engineering"],
        objections: [
          "We already have cost estimators and spreadsheets that work",
          "Payback period is unclear for our program mix",
          "Engineers will not adopt another tool",
          "Implementation will compete with active program deadlines",
        ],
        contentTypes: ["Business case template", "Reference calls", "Pilot results summary"],
      },
    },
    formatEffectiveness: [
      { format: "Case studies", effectiveness: 88 },
      { format: "ROI calculators", effectiveness: 82 },
      { format: "Peer roundtables", effectiveness: 76 },
      { format: "Benchmark reports", effectiveness: 71 },
      { format: "Webinars", effectiveness: 58 },
      { format: "Technical whitepapers", effectiveness: 47 },
    ],
  },
  {
    id: "director-engineering",
    title: "Director of Engineering",
    description:
      "Runs one or more engineering teams day to day and is responsible for getting designs through DFM review, prototype and release on schedule. Feels the pain of late cost surprises first, because the rework lands on the teams and the schedule they manage.",
    avgAge: "38-50",
    education:
      "BS in Mechanical, Electrical or Manufacturing Engineering; often a PE license or MS",
    reportingTo: "VP of Engineering",
    decisionMaker: false,
    influencer: true,
    painPoints: [
      "Design engineers have no cost feedback inside CAD until a supplier quote comes back weeks later",
      "Late-stage ECOs driven by manufacturability or cost issues found after tooling release",
      "DFM reviews that depend on a few senior experts and become a bottleneck",
      "Cost estimates built in disconnected spreadsheets that nobody trusts",
      "Teams stretched across too many concurrent NPI programs",
      "Rework on first articles and PPAP submissions that delays production start",
    ],
    goals: [
      "Put cost and manufacturability feedback in front of engineers during design",
      "Cut the number of design iterations needed to reach target cost",
      "Standardize DFM and design-to-cost practice across teams",
      "Improve first-time quality on prototypes and first articles",
      "Release designs on schedule without late surprises from procurement",
      "Capture senior engineers' costing knowledge before they retire",
    ],
    contentPreferences: [
      "Technical whitepapers on costing methodology",
      "Hands-on product demos and trial access",
      "How-to guides and DFM checklists",
      "Webinars with practitioner Q&A",
    ],
    keyMetrics: [
      "Design cycle time from concept to release",
      "Number of ECOs per program after design freeze",
      "First-time quality / first-article pass rate",
      "Design iterations to reach target cost",
      "On-schedule design releases",
    ],
    buyingCommittee: [
      "VP of Engineering",
      "Lead Design Engineers",
      "Manufacturing Engineering Manager",
      "Cost Engineering / Should-Cost Analyst",
      "PLM / CAD Administrator",
    ],
    buyingJourney: {
      awareness: {
        painPoints: [
          "Cost surprises after supplier quotes arrive",
          "DFM review bottlenecks",
          "Rework from late manufacturability findings",
        ],
        contentTypes: [
          "Technical blog posts",
          "DFM best-practice guides",
          "Short explainer videos",
        ],
        channels: ["Engineering communities and forums", "LinkedIn", "Technical webinars"],
      },
      consideration: {
        evaluationCriteria: [
          "Accuracy of cost estimates by manufacturing process",
          "Native integration with the team's CAD tools",
          "Speed of getting a cost from a 3D model",
          "Transparency of the cost model and assumptions",
        ],
        contentTypes: ["Technical whitepapers", "Product demos", "Methodology deep dives"],
        channels: ["Vendor webinars", "Free trials", "User group sessions"],
      },
      decision: {
        stakeholders: [
          "VP of Engineering",
          "Lead Design Engineers",
          "Procurement / Cost Engineering",
          "IT / PLM Administrator",
        ],
        objections: [
          "Estimates will not match what our suppliers actually charge",
          "My engineers do not have time to learn a new tool",
          "It will not handle our specialized processes and materials",
        ],
        contentTypes: [
          "Proof-of-concept plan",
          "Accuracy validation report",
          "Implementation guide",
        ],
      },
    },
    formatEffectiveness: [
      { format: "Product demos", effectiveness: 91 },
      { format: "Technical whitepapers", effectiveness: 84 },
      { format: "Webinars", effectiveness: 73 },
      { format: "Case studies", effectiveness: 68 },
      { format: "Benchmark reports", effectiveness: 55 },
      { format: "ROI calculators", effectiveness: 44 },
    ],
  },
  {
    id: "cto",
    title: "CTO",
    description:
      "Sets the technology and digital engineering strategy for the company and decides which platforms the engineering organization standardizes on. Looks for investments that connect CAD, PLM and ERP data into a digital thread and deliver a durable competitive advantage.",
    avgAge: "48-60",
    education: "BS/MS in Engineering or Computer Science; frequently a PhD or an executive MBA",
    reportingTo: "CEO",
    decisionMaker: true,
    painPoints: [
      "Cost data scattered across CAD, PLM, ERP and spreadsheets with no single source of truth",
      "Digital thread initiatives that stall because cost is not connected to design data",
      "Product cost decisions made too late to influence architecture choices",
      "Tool sprawl and integration burden across engineering systems",
      "Difficulty quantifying the business return on engineering software investments",
    ],
    goals: [
      "Build a connected digital thread from design through sourcing and production",
      "Make product cost a first-class engineering requirement alongside weight and performance",
      "Consolidate engineering tools on scalable, secure platforms",
      "Use data and automation to speed up design and sourcing decisions",
      "Protect margin as the product portfolio grows more complex",
    ],
    contentPreferences: [
      "Strategic thought leadership on digital engineering",
      "Analyst reports and market benchmarks",
      "Architecture and integration overviews",
      "Executive peer events and advisory boards",
    ],
    keyMetrics: [
      "Time-to-market for new platforms",
      "Portfolio product margin",
      "R&D return on investment",
      "Digital transformation milestones delivered",
      "Engineering tool and IT cost per engineer",
    ],
    buyingCommittee: [
      "VP of Engineering",
      "CIO / IT Architecture",
      "CFO",
      "Chief Procurement Officer",
      "Information Security Lead",
    ],
    buyingJourney: {
      awareness: {
        painPoints: [
          "Digital thread gaps between design and sourcing",
          "Late visibility into product cost",
          "Competitors launching at lower cost points",
        ],
        contentTypes: ["Thought leadership articles", "Analyst reports", "Executive keynotes"],
        channels: ["Executive conferences", "Analyst briefings", "Business and trade media"],
      },
      consideration: {
        evaluationCriteria: [
          "Fit with the enterprise CAD/PLM/ERP architecture",
          "Security, data governance and deployment options",
          "Vendor viability and product roadmap",
          "Scalability across business units and sites",
        ],
        contentTypes: ["Architecture whitepapers", "Benchmark reports", "Executive briefings"],
        channels: ["Executive peer networks", "Analyst inquiries", "Vendor executive sponsors"],
      },
      decision: {
        stakeholders: ["CEO", "CFO", "CIO", "VP of Engineering"],
        objections: [
          "This overlaps with capabilities our PLM vendor promises",
          "Integration and data migration risk is too high",
          "Enterprise rollout cost versus measurable return",
          "Security and IP protection for CAD data",
        ],
        contentTypes: [
          "Enterprise business case",
          "Security and architecture documentation",
          "Executive reference calls",
        ],
      },
    },
    formatEffectiveness: [
      { format: "Benchmark reports", effectiveness: 86 },
      { format: "Peer roundtables", effectiveness: 81 },
      { format: "Case studies", effectiveness: 74 },
      { format: "Technical whitepapers", effectiveness: 62 },
      { format: "ROI calculators", effectiveness: 57 },
      { format: "Webinars", effectiveness: 42 },
    ],
  },
  {
    id: "product-manager",
    title: "Product Manager",
    description:
      "Owns the product's requirements, target price and business case from concept through launch and sustaining. Needs reliable cost estimates early to make feature and configuration trade-offs that hold up against the target margin.",
    avgAge: "32-45",
    education: "BS in Engineering; often an MBA or product management certification",
    reportingTo: "Director of Product Management or VP of Engineering",
    decisionMaker: false,
    influencer: true,
    painPoints: [
      "No credible cost estimate when setting target price and building the business case",
      "Feature and configuration trade-offs made without knowing their cost impact",
      "Margin targets missed because BOM cost grows between concept and launch",
      "Waiting weeks for engineering or procurement to price a design option",
      "Launch dates slipping because of late ECOs and supplier re-quotes",
    ],
    goals: [
      "Set target cost and target price with confidence at concept stage",
      "Understand the cost impact of each feature and option before committing",
      "Launch on schedule at the planned margin",
      "Reduce cost on sustaining products through value engineering",
      "Build business cases that finance and leadership trust",
    ],
    contentPreferences: [
      "Practical guides on target costing and value engineering",
      "Short webinars and on-demand videos",
      "ROI and margin calculators",
      "Case studies from similar product categories",
      "Templates for business cases and cost roll-ups",
    ],
    keyMetrics: [
      "Product margin versus plan",
      "Launch date versus plan",
      "BOM cost versus target cost",
      "Revenue and unit volume from new products",
    ],
    buyingCommittee: [
      "Director of Engineering",
      "VP of Engineering",
      "Cost Engineering / Procurement",
      "Finance Business Partner",
    ],
    buyingJourney: {
      awareness: {
        painPoints: [
          "Business cases built on guesswork",
          "BOM cost creep between concept and launch",
          "Slow turnaround on cost for design options",
        ],
        contentTypes: [
          "Blog posts on target costing",
          "Short explainer videos",
          "Industry benchmark snapshots",
        ],
        channels: ["LinkedIn", "Product management communities", "Email newsletters"],
      },
      consideration: {
        evaluationCriteria: [
          "Ability to compare cost of design alternatives quickly",
          "Ease of use for non-specialists",
          "Clear cost breakdowns by material, process and labor",
          "Reporting that feeds the business case",
        ],
        contentTypes: ["Webinars", "ROI calculators", "Product demos"],
        channels: ["Vendor webinars", "Peer recommendations", "Review sites"],
      },
      decision: {
        stakeholders: ["Director of Engineering", "VP of Engineering", "Procurement", "Finance"],
        objections: [
          "This is an engineering tool, not something product management owns",
          "Budget has to come from engineering or procurement",
          "Early estimates will not be accurate enough to set price",
        ],
        contentTypes: ["Business case template", "Case studies", "Feature comparison sheet"],
      },
    },
    formatEffectiveness: [
      { format: "ROI calculators", effectiveness: 83 },
      { format: "Webinars", effectiveness: 79 },
      { format: "Case studies", effectiveness: 72 },
      { format: "Product demos", effectiveness: 66 },
      { format: "Benchmark reports", effectiveness: 53 },
      { format: "Technical whitepapers", effectiveness: 41 },
    ],
  },
];

export const INDUSTRIES: Industry[] = [
  {
    id: "aerospace",
    name: "Aerospace",
    marketSize: "$800B+",
    engineeringTeamSize: "1,000-15,000 engineers",
    productionVolume: "Low volume, high mix (10-500 units/year)",
    keyDrivers: [
      "Commercial aircraft production ramp-ups and backlog delivery",
      "Defense budgets and fixed-price contract pressure",
      "Weight reduction and fuel efficiency targets",
      "Supply chain resilience for castings, forgings and electronics",
      "Adoption of additive manufacturing and composites",
    ],
    topChallenges: [
      "Long program cycles where early design decisions lock in decades of cost",
      "AS9100 and customer qualification requirements that make late changes expensive",
      "Supplier price increases on titanium, castings and forgings",
      "Limited should-cost capability for negotiating with a concentrated supply base",
      "Loss of experienced engineers and costing expertise to retirement",
    ],
    contentStrategies: [
      "Should-cost guides for machined, cast and composite parts",
      "Case studies on cost avoidance in fixed-price defense programs",
      "Benchmark reports on supplier cost trends for aerospace materials",
      "Webinars on design-to-cost under AS9100 change control",
    ],
    companies: ["Boeing", "Airbus", "Lockheed Martin", "RTX", "GE Aerospace", "Northrop Grumman"],
  },
  {
    id: "automotive",
    name: "Automotive",
    marketSize: "$2T+",
    engineeringTeamSize: "2,000-50,000 engineers",
    productionVolume: "High volume, low mix (100,000-1,000,000+ units/year)",
    keyDrivers: [
      "Electrification and battery cost reduction",
      "Software-defined vehicle architectures",
      "Aggressive annual price-down demands from OEMs to suppliers",
      "Shorter vehicle development programs",
      "Regional sourcing and tariff exposure",
    ],
    topChallenges: [
      "Cents per part multiplied by millions of units makes small cost errors very expensive",
      "Late ECOs after tooling kickoff that trigger tool rework and PPAP resubmission",
      "Quoting accuracy for Tier 1 and Tier 2 suppliers under tight RFQ deadlines",
      "IATF 16949 quality requirements and cost of quality on launch",
      "Volatile raw material and energy costs",
    ],
    contentStrategies: [
      "Should-cost playbooks for stamped, molded and die-cast components",
      "Case studies on EV component cost reduction",
      "Guides to faster, more accurate RFQ responses for suppliers",
      "Webinars on reducing ECOs between design freeze and SOP",
    ],
    companies: ["Toyota", "Volkswagen Group", "General Motors", "Ford", "Stellantis", "Bosch"],
  },
  {
    id: "high-tech",
    name: "High-Tech",
    marketSize: "$1.5T+",
    engineeringTeamSize: "500-20,000 engineers",
    productionVolume: "Medium to high volume, short lifecycles (10,000-10,000,000 units/year)",
    keyDrivers: [
      "Product lifecycles of 12-24 months",
      "Component shortages and allocation",
      "Outsourced manufacturing through contract manufacturers and ODMs",
      "Miniaturization and thermal performance requirements",
      "Sustainability and right-to-repair regulations",
    ],
    topChallenges: [
      "Limited visibility into contract manufacturer cost breakdowns",
      "Enclosure, PCBA and cable costs that change with every design spin",
      "Compressed NPI schedules that leave little time for DFM",
      "Tariff and country-of-origin shifts that change landed cost",
      "Keeping BOM cost aligned with aggressive consumer price points",
    ],
    contentStrategies: [
      "Guides to should-cost for CM and ODM negotiations",
      "Case studies on enclosure and PCBA cost reduction",
      "Benchmark reports on NPI cost and schedule performance",
      "Webinars on DFM for fast-cycle product development",
    ],
    companies: ["Apple", "Dell Technologies", "HP Inc.", "Cisco", "Samsung Electronics"],
  },
  {
    id: "industrial",
    name: "Industrial",
    marketSize: "$600B+",
    engineeringTeamSize: "200-5,000 engineers",
    productionVolume: "Low to medium volume, configure-to-order (100-50,000 units/year)",
    keyDrivers: [
      "Energy efficiency and electrification of equipment",
      "Automation and connected equipment",
      "Configure-to-order and engineer-to-order demand",
      "Reshoring and supply base consolidation",
      "Aftermarket and service revenue growth",
    ],
    topChallenges: [
      "High product variety that makes cost estimation slow and inconsistent",
      "Quoting engineer-to-order equipment accurately and quickly",
      "Margin pressure from steel, copper and component price swings",
      "Legacy designs carrying cost that has never been re-engineered",
      "Small cost engineering teams supporting large portfolios",
    ],
    contentStrategies: [
      "Should-cost guides for fabrications, weldments and castings",
      "Case studies on value engineering legacy product lines",
      "Guides to faster, more accurate quoting for configured products",
      "Benchmark reports on industrial product margin and cost drivers",
    ],
    companies: ["Caterpillar", "Siemens", "Deere & Company", "Honeywell", "ABB", "Emerson"],
  },
];

export const COMPANY_CATALOG: CompanyCatalog = {
  companyName: "Northwind Cost Systems",
  shortPrefix: "NCS",
  description:
    "Northwind Cost Systems makes cost engineering software for manufacturers: engineers see what a design will cost while they model it, and procurement negotiates from a should-cost.",
  keyMetrics: [
    { id: "m1", label: "35-45% reduction in engineering change orders" },
    { id: "m2", label: "20-30% decrease in time-to-market" },
    { id: "m3", label: "15-20% reduction in product cost" },
    { id: "m4", label: "25-35% improvement in first-time quality" },
    { id: "m5", label: "40-50% faster design cycle time" },
  ],
  solutions: [
    {
      id: "design",
      product: "NCS Cost Engineering Suite",
      name: "NCS Design",
      description:
        "Design-stage cost estimation and DFM feedback inside the CAD environment, so engineers see part and assembly cost as they model.",
    },
    {
      id: "generate",
      product: "NCS Cost Engineering Suite",
      name: "NCS Generate",
      description:
        "Generates a bottom-up should-cost from a 3D model or BOM, breaking out material, process, labor, tooling and overhead for supplier negotiations.",
    },
    {
      id: "analytics",
      product: "NCS Spend Intelligence",
      name: "NCS Analytics",
      description:
        "Spend and cost analytics that compare supplier quotes and actual prices against should-cost across parts, commodities and suppliers.",
    },
    {
      id: "pro",
      product: "NCS Cost Engineering Suite",
      name: "NCS Pro",
      description:
        "Advanced manufacturing simulation for cost engineers, with detailed process, machine and regional rate libraries for complex parts and assemblies.",
    },
    {
      id: "workspace",
      product: "NCS Collaboration",
      name: "NCS Workspace",
      description:
        "A collaborative cost workspace where engineering, procurement and finance share one cost baseline, track target cost and review design alternatives.",
    },
  ],
  offers: [
    {
      name: "Should-Cost Benchmark Report",
      url: "https://www.example.com/resources/should-cost-benchmark-report",
      stages: ["awareness"],
    },
    {
      name: "Cost Engineering Software Comparison Guide",
      url: "https://www.example.com/resources/cost-engineering-comparison-guide",
      stages: ["consideration"],
    },
    {
      name: "90-Day Pilot Plan",
      url: "https://www.example.com/pilot-plan",
      stages: ["decision"],
    },
    {
      name: "ROI Calculator",
      url: "https://www.example.com/roi-calculator",
      stages: ["consideration", "decision"],
    },
  ],
};

/** The sample company's voice (seeded with the sample profile; admins replace it). */
export const COMPANY_VOICE: CompanyVoice = {
  toneAttributes: ["precise", "candid", "practical"],
  preferredWords: ["should-cost", "cost driver", "design review", "target cost"],
  avoidWords: ["disrupt", "holistic", "next-generation"],
  pointOfView: "second-person",
};
