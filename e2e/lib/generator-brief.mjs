// Filling the Content Generator's brief, as the journeys that generate through the UI do.

/**
 * On the Content Generator, picks the first persona and industry and `stage`, opens Content
 * Details and writes `topic`; with `firstContentType` (the default) picks the first content type.
 * @param {import("playwright-core").Page} page
 * @param {{ stage: string, topic: string, firstContentType?: boolean }} brief
 */
export async function fillGeneratorBrief(page, { stage, topic, firstContentType = true }) {
  await page.getByLabel("Persona", { exact: true }).selectOption({ index: 1 });
  await page.getByLabel("Industry", { exact: true }).selectOption({ index: 1 });
  await page.getByLabel("Buying Stage", { exact: true }).selectOption(stage);
  await page.getByRole("button", { name: /^Content Details/ }).click();
  await page.getByLabel("Content Topic", { exact: true }).fill(topic);
  if (firstContentType) {
    await page.getByLabel("Content Type", { exact: true }).selectOption({ index: 1 });
  }
  await audienceShown(page, stage);
}

/**
 * Waits until the generator shows the audience data of `stage` (the Buying journey card names
 * it), so that what a journey checks next is shown for that audience.
 * @param {import("playwright-core").Page} page
 * @param {string} stage
 */
export async function audienceShown(page, stage) {
  await page.getByText(new RegExp(` at the ${stage} stage$`, "i")).waitFor();
}
