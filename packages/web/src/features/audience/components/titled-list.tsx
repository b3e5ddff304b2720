/** A heading and a bulleted list under it (a persona's goals, an industry's drivers). */
export function TitledList({
  title,
  items,
  headingClassName = "text-sm font-semibold text-slate-900",
}: {
  title: string;
  items: string[];
  headingClassName?: string;
}) {
  return (
    <div>
      <h4 className={headingClassName}>{title}</h4>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-700">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

/** One TitledList per field of `record` that `lists` names (field → title), in the table's order. */
export function TitledLists<K extends string>({
  record,
  lists,
}: {
  record: Record<NoInfer<K>, string[]>;
  lists: Readonly<Record<K, string>>;
}) {
  return (Object.keys(lists) as K[]).map((key) => (
    <TitledList key={key} title={lists[key]} items={record[key]} />
  ));
}
