import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

// Checks one real answer against the description. No server imports: an e2e spec passes the document it fetched from /api/v1/openapi.json.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface SeenAnswer {
  method: string;
  /** The described path, e.g. "/transfers/{runId}". */
  path: string;
  status: number;
  headers: Headers;
  body: unknown;
}

export function answerChecker(doc: Json) {
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  const deref = (node: Json): Json => (typeof node.$ref === "string" ? deref(node.$ref.slice(2).split("/").reduce((at: Json, part: string) => at[part], doc)) : node);

  /** What the answer does differently from its description; empty when it matches. */
  return function mismatches(seen: SeenAnswer): string[] {
    const where = `${seen.method} ${seen.path} ${seen.status}`;
    const op = doc.paths[seen.path]?.[seen.method.toLowerCase()];
    if (!op) return [`${where}: operation not described`];
    const described = op.responses[String(seen.status)];
    if (!described) return [`${where}: status not described`];
    const answer = deref(described);
    const out: string[] = [];
    const [type, media] = Object.entries(answer.content as Json)[0]!;
    if (!(seen.headers.get("content-type") ?? "").includes(type)) out.push(`${where}: content-type ${seen.headers.get("content-type")}, described ${type}`);
    for (const name of Object.keys(answer.headers ?? {})) if (seen.headers.get(name) === null) out.push(`${where}: header ${name} missing`);
    const validate = ajv.compile(deref(media.schema));
    if (!validate(seen.body)) for (const e of validate.errors ?? []) out.push(`${where}: body${e.instancePath} ${e.message}`);
    return out;
  };
}
