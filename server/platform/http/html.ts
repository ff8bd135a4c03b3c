// Writing text into HTML: every text from a person goes through escapeHtml, and structured data
// into a <script> through jsonForScript, which writes "<" as \u003c so no text can close the tag.
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export const jsonForScript = (data: object) => JSON.stringify(data).replace(/</g, "\\u003c");
