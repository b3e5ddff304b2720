/** The four text sections every piece of content has: an item, a version, an example, a draft. */
export interface TextSections {
  headline: string;
  introduction: string;
  body: string;
  conclusion: string;
}

/** Just the four text sections of a larger record (a row, a version, a parsed body). */
export function textSectionsOf(record: TextSections): TextSections {
  return {
    headline: record.headline,
    introduction: record.introduction,
    body: record.body,
    conclusion: record.conclusion,
  };
}
