/**
 * What the reports read from the environment: the CI markers and GitHub's step-summary file.
 * They take the record `environment()` (resolve.ts) returns, which stays the only reader of process.env.
 */
type Env = Record<string, string | undefined>;

/** The file GitHub Actions shows as the job's summary, when the run is inside a GitHub job. */
export function githubStepSummary(env: Env): string | undefined {
  const v = env['GITHUB_STEP_SUMMARY'];
  return v === undefined || v === '' ? undefined : v;
}

/** A CI system (CI=true or 1, as GitHub, GitLab, CircleCI and the others set it). */
export function isCi(env: Env): boolean {
  const v = env['CI'];
  return v !== undefined && v !== '' && !/^(0|false|no)$/i.test(v);
}

/**
 * The GitHub Actions run whose artifacts hold the report folder, when the run is inside one
 * (GITHUB_SERVER_URL, GITHUB_REPOSITORY and GITHUB_RUN_ID all set, as GitHub sets them).
 */
export function githubRunUrl(env: Env): string | undefined {
  const [server, repo, id] = [env['GITHUB_SERVER_URL'], env['GITHUB_REPOSITORY'], env['GITHUB_RUN_ID']];
  if (!server || !repo || !id) return undefined;
  // only an http(s) origin, a plain owner/name and a number: nothing else reaches the Markdown link
  if (!/^https?:\/\/[^\s()<>]+$/.test(server) || !/^[\w.-]+\/[\w.-]+$/.test(repo) || !/^\d+$/.test(id))
    return undefined;
  return `${server.replace(/\/+$/, '')}/${repo}/actions/runs/${id}`;
}

/** Colour on the console: FORCE_COLOR (not 0) wants it, NO_COLOR forbids it, else a terminal gets it. */
export function colourWanted(env: Env, isTty: boolean): boolean {
  const force = env['FORCE_COLOR'];
  if (force !== undefined && force !== '' && force !== '0' && force !== 'false') return true;
  if (env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '') return false;
  return isTty;
}
