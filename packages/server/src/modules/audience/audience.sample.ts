import type { BuyingStage, IntentAccount } from "@content-studio/contract";
import { personasForTopic } from "./intent-mapping";

/** File name the built-in sample is listed under. */
export const SAMPLE_FILE_NAME = "Sample dataset (fictional accounts)";

const NAMES: Record<Exclude<IntentAccount["industry"], "other">, string[]> = {
  aerospace: [
    "Northwind Aerostructures",
    "Altair Avionics",
    "Cobalt Propulsion",
    "Skyreach Air Systems",
    "Meridian Rotorcraft",
    "Halcyon Space Components",
    "Vanguard Airframes",
    "Stratus Cabin Interiors",
    "Polaris Flight Controls",
    "Orion Composite Works",
    "Zenith Landing Systems",
    "Kestrel Defense Electronics",
    "Aurora Turbine Parts",
    "Helix Aero Engineering",
    "Talon Missile Structures",
    "Nimbus Satellite Buses",
    "Cirrus Aero Seating",
    "Falcon Ridge Aviation",
    "Bluecrest Nacelles",
    "Ironpeak Aerospace",
    "Silverline Avionics",
    "Redstone Launch Systems",
    "Summit Actuation",
    "Apex Hydraulics Aero",
    "Corvid Unmanned Systems",
  ],
  automotive: [
    "Riverton Drivetrain",
    "Kessler Body Systems",
    "Voltmark EV Platforms",
    "Granite Axle & Gear",
    "Lumen Automotive Lighting",
    "Harbor Seating Systems",
    "Tessaro Chassis",
    "Brightway Battery Packs",
    "Caldera Thermal Systems",
    "Ridgefield Stampings",
    "Onward Mobility Electronics",
    "Pinecrest Brake Systems",
    "Marlow Powertrain",
    "Quillon Interior Trim",
    "Sterling Steering Systems",
    "Crestview Exhaust",
    "Novacar Components",
    "Ashford Fasteners",
    "Delmar E-Motors",
    "Westbrook Wiring Harness",
    "Orbitrac Suspension",
    "Fairlane Glass Systems",
    "Emberly Fuel Systems",
    "Halden Castings",
    "Tidewater Tier One",
  ],
  "high-tech": [
    "Quantix Devices",
    "Lattice Peak Semiconductor",
    "Brightwave Networks Hardware",
    "Nexora Consumer Electronics",
    "Photonix Labs",
    "Cindervale Robotics",
    "Arclight Wearables",
    "Vertexa Data Systems",
    "Solace Medical Devices",
    "Pixelforge Displays",
    "Keystone Edge Computing",
    "Ionis Sensors",
    "Mirrorlake Storage",
    "Tandem Circuit Works",
    "Corelink Telecom Equipment",
    "Aetherwave Audio",
    "Fluxgate Power Electronics",
    "Greyhaven Drones",
    "Novalith Optics",
    "Signalpath Instruments",
    "Bytecraft Appliances",
    "Heliotrope Smart Home",
    "Opaline Imaging",
    "Runestone Servers",
    "Zephyr IoT Modules",
  ],
  industrial: [
    "Hartwell Machinery",
    "Ironclad Pumps & Valves",
    "Bramblecote Compressors",
    "Stonebridge Material Handling",
    "Kettering Hydraulics",
    "Ardent Packaging Machines",
    "Foxhollow Industrial Controls",
    "Millbrook Conveyors",
    "Tarrant Agricultural Equipment",
    "Calloway Power Tools",
    "Northgate HVAC Systems",
    "Oakmont Gearboxes",
    "Pemberton Welding Systems",
    "Quarry Point Mining Equipment",
    "Ravensworth Cranes",
    "Sablewood Turbines",
    "Thornbury Filtration",
    "Underhill Bearings",
    "Valemont Process Equipment",
    "Whitcombe Motors",
    "Yarrow Fluid Power",
    "Ashgrove Forging",
    "Blackmere Boilers",
    "Cedarline Robotics Cells",
    "Dunmore Test Systems",
  ],
};

const TOPICS: Record<keyof typeof NAMES, string[]> = {
  aerospace: [
    "should cost analysis",
    "design to cost",
    "engineering change orders",
    "composite manufacturing cost",
    "supplier cost negotiation",
    "digital thread",
    "DFM analysis",
    "product roadmap",
  ],
  automotive: [
    "EV battery cost",
    "design to cost",
    "should cost analysis",
    "supplier pricing",
    "engineering change orders",
    "DFM analysis",
    "lightweighting",
    "PLM integration",
  ],
  "high-tech": [
    "product cost management",
    "NPI cost estimation",
    "PCB assembly cost",
    "DFM analysis",
    "supplier cost negotiation",
    "digital twin",
    "time to market",
    "product pricing",
  ],
  industrial: [
    "should cost analysis",
    "machining cost estimation",
    "product margin analysis",
    "design to cost",
    "engineering change orders",
    "PLM integration",
    "simulation software",
    "procurement cost savings",
  ],
};

const COUNTRIES = ["US", "DE", "GB", "FR", "JP", "CA", "US", "IT", "US", "SE"];
const PERSONAS = ["vp-engineering", "director-engineering", "cto", "product-manager"];

/** Deterministic pseudo-random numbers (a linear congruential generator). */
function lcg(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/**
 * The built-in sample: 100 fictional accounts (25 per industry, on the reserved `.example`
 * domain) whose buying stages split exactly 35 / 42 / 23.
 */
export function buildSampleAccounts(): IntentAccount[] {
  const random = lcg(20261124);
  const stages: BuyingStage[] = [
    ...Array<BuyingStage>(35).fill("awareness"),
    ...Array<BuyingStage>(42).fill("consideration"),
    ...Array<BuyingStage>(23).fill("decision"),
  ];
  for (let i = stages.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [stages[i], stages[j]] = [stages[j]!, stages[i]!];
  }
  const industries = Object.keys(NAMES) as (keyof typeof NAMES)[];
  const accounts: IntentAccount[] = [];
  for (let i = 0; i < 100; i++) {
    const industry = industries[i % industries.length]!;
    const name = NAMES[industry][Math.floor(i / industries.length)]!;
    const stage = stages[i]!;
    const [low, high] =
      stage === "decision" ? [78, 96] : stage === "consideration" ? [66, 85] : [50, 72];
    const intent = Math.round(low + random() * (high - low));
    const pool = [...TOPICS[industry]];
    const topics: IntentAccount["topics"] = [];
    const count = 3 + Math.floor(random() * 3);
    for (let k = 0; k < count && pool.length > 0; k++) {
      const [topic] = pool.splice(Math.floor(random() * pool.length), 1);
      const score = k === 0 ? intent : Math.max(40, intent - 4 - Math.floor(random() * 25));
      topics.push({ topic: topic!, score });
    }
    topics.sort((a, b) => b.score - a.score || a.topic.localeCompare(b.topic));
    const personas = new Set(
      topics.filter((t) => t.score >= 60).flatMap((t) => personasForTopic(t.topic)),
    );
    if (personas.size === 0) personas.add(PERSONAS[i % PERSONAS.length]!);
    accounts.push({
      name,
      domain: `${slug(name)}.example`,
      industry,
      intent,
      buyingStage: stage,
      activePersonas: [...personas].sort(),
      topics,
      country: COUNTRIES[i % COUNTRIES.length]!,
    });
  }
  return accounts;
}
