// Reading an exported CSV back in API tests (the export writes it with csv-stringify).
/** RFC 4180 records (quoted cells may hold commas, quotes and line breaks), keyed by the header row. */
export function csvRowsOf(text: string): Array<Record<string, string>> {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  const body = text.replace(/^\uFEFF/, "");
  const endCell = () => {
    record.push(cell);
    cell = "";
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") endCell();
    else if (c === "\r" && body[i + 1] === "\n") {
      endCell();
      records.push(record);
      record = [];
      i++;
    } else cell += c;
  }
  if (cell || record.length) {
    endCell();
    records.push(record);
  }
  const [header = [], ...rest] = records;
  return rest.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ""])));
}
