// @ts-check
/**
 * How the smoke test finds the first user's API key in a deployment's log (tests/tools/deploy-smoke.mjs),
 * apart so a unit test can run the same matching on the log shapes CI reads (docker logs, and
 * journalctl, whose default "short" output puts a date, the host and the process before every
 * line; CI asks for the bare message with `-o cat`).
 */

/**
 * The key of the last "API key: …" line of `output` (the service prints it alone on its line), or
 * undefined.
 * @param {string} output
 * @returns {string | undefined}
 */
export function findApiKey(output) {
  const keys = [...output.matchAll(/^API key: (\S+)$/gm)].map((m) => m[1]);
  return keys.at(-1);
}
