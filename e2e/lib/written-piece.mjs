// A piece a writer makes of the offline outline for the library journey: written for a CTO in
// aerospace at the decision stage, quoting one approved sample fact word for word, and one
// sentence that puts the same figure on another subject (a misused number the check refuses).
export const WRITTEN = {
  headline: "Costing machined aerospace brackets at the design stage: what a CTO should ask",
  introduction:
    "Machined brackets look like small parts, but an aerostructures program carries hundreds of them, and their cost is fixed when the CAD model is released. For a CTO in aerospace deciding whether to cost brackets before release, the question is whether a design-stage estimate is accurate enough to act on.",
  body: [
    "A bracket's cost is decided by three things the designer controls: the billet size, which sets the titanium or aluminium bought per part; the number of setups, which follows from how many faces carry tight tolerances; and the pocket depth, which sets cutter time on a five-axis machine. A design review that sees these three before release can change them cheaply.",
    "Accuracy decides whether engineers trust the number. NCS Generate should-cost estimates for machined parts land within 8% of accepted supplier quotes. That is close enough to compare two bracket designs, or to question a quote that sits well above the estimate, because the comparison depends on the drivers rather than on a rounded total.",
    "Integration decides whether anyone uses it. The estimate has to appear in the CAD session and travel with the part number into PLM, so that procurement sees the same baseline the designer saw. A pilot on one bracket family with a clear exit rule answers both questions in a few weeks.",
  ],
  conclusion:
    "If a pilot on one bracket family fits your next program, ask our team for the pilot scope and the business case template before your next design review.",
  misused:
    "NCS Generate estimates for composite floor panels land within 8% of the quotes that suppliers accept.",
};
