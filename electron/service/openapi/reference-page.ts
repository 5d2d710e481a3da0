/**
 * GET /openapi.html: the OpenAPI document as a page a person reads, rendered here from the same
 * document (no renderer fetched from a CDN, no script: the page carries the service's strict
 * CSP like its other pages). Each operation: method, path, summary, parameters, and the JSON
 * Schema of its body and answer.
 */
type Json = Record<string, unknown>;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const block = (schema: unknown) => `<pre>${escape(JSON.stringify(schema, null, 2))}</pre>`;

export function referencePage(doc: Json): string {
  const info = doc['info'] as { title: string; description: string };
  const sections: string[] = [];
  for (const [path, methods] of Object.entries(doc['paths'] as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = (op['parameters'] as Json[] | undefined) ?? [];
      const body = (op['requestBody'] as { content: Record<string, { schema: unknown }> } | undefined)?.content['application/json']?.schema;
      const ok = (op['responses'] as Record<string, { description: string; content?: Record<string, { schema: unknown }> }>)['200'];
      const answer = ok?.content?.['application/json']?.schema;
      sections.push(
        `<section id="${escape(`${method}-${path}`)}"><h3><code>${method.toUpperCase()} ${escape(path)}</code></h3><p>${escape(String(op['summary']))}</p>` +
          (params.length ? `<p>Parameters: ${params.map((p) => `<code>${escape(String(p['name']))}</code> (${escape(String(p['in']))}${p['required'] ? ', required' : ''})`).join(', ')}</p>` : '') +
          (body ? `<details><summary>Request body</summary>${block(body)}</details>` : '') +
          (answer ? `<details><summary>Answer</summary>${block(answer)}</details>` : ok ? `<p>Answer: ${escape(ok.description)}</p>` : '') +
          '</section>',
      );
    }
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(info.title)} — API reference</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a;background:#fff}pre{overflow:auto;background:#f4f4f4;padding:.5rem}code{font-size:.95em}section{border-top:1px solid #ddd;padding:.5rem 0}@media (prefers-color-scheme:dark){body{color:#eee;background:#121212}pre{background:#222}section{border-color:#333}}</style></head>
<body><h1>${escape(info.title)}: API reference</h1><p>${escape(info.description)}</p><p>The same as a document: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1). Every request under <code>/api</code> carries <code>Authorization: Bearer &lt;API key&gt;</code>.</p>
${sections.join('\n')}</body></html>`;
}
