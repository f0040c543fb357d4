// Plain JavaScript: server.mjs imports this before anything is compiled (see actionReply.d.mts).

/**
 * The arguments of a server action arrive in React's reply encoding (react-server-dom's
 * decodeReply): JSON in which a string starting with "$" is a value JSON lacks ("$undefined",
 * "$D<date>", "$n<bigint>", "$$" for a plain "$") or a reference to another part of the body
 * ("$@1", "$1"). The action ids are in every page's HTML, so anyone can send any body to a real
 * action, and what React cannot decode is a 500 with a stack trace in the log.
 *
 * This accepts what the browser sends for our actions (plain values, and a form's FormData as
 * "$K<n>"), and references only to parts that are there; every other kind (Map "$Q", Set "$W",
 * File "$B", server reference "$h", streams, typed arrays, …) is refused. An action that ever takes
 * one of those needs it added here (its journey would answer 400 and say so).
 */

/** React's limits: arguments of an action, and array slots in one reply. */
const ARGUMENTS_LIMIT = 1000;
const ARRAY_SLOTS_LIMIT = 1_000_000;
/** React revives the JSON recursively; far deeper than any real argument, far from a stack overflow. */
const DEPTH_LIMIT = 100;

const CONSTANTS = new Set(['$', 'u', 'N', 'I', '-', 'D', 'H', 'K']);

/**
 * The problem with a reply whose parts are read through part(id) (a string, or undefined when the
 * body has no such part), starting at part 0; undefined when React can decode it. rootCheck says
 * what part 0 must be.
 */
function replyProblem(part, rootCheck) {
  const parsed = new Map();
  const walked = new Set([0]);
  let slots = 0;
  const load = (id) => {
    if (parsed.has(id)) return { value: parsed.get(id) };
    const text = part(id);
    if (typeof text !== 'string') return { problem: `it refers to part ${id}, which the body does not carry as text` };
    try {
      const value = JSON.parse(text);
      parsed.set(id, value);
      return { value };
    } catch {
      return { problem: `part ${id} is not JSON` };
    }
  };
  const root = load(0);
  if (root.problem) return root.problem;
  const rootProblem = rootCheck(root.value, load);
  if (rootProblem) return rootProblem;

  const stack = [[root.value, 0]];
  while (stack.length) {
    if (slots > ARRAY_SLOTS_LIMIT) return 'it is too large';
    const [value, depth] = stack.pop();
    if (depth > DEPTH_LIMIT) return `its values are nested deeper than ${DEPTH_LIMIT} levels`;
    if (typeof value === 'string') {
      slots += value.length;
      if (value[0] !== '$') continue;
      const kind = value[1];
      if (CONSTANTS.has(kind)) continue;
      if (kind === 'n') {
        if (value.length > 302 || !/^-?\d+$/.test(value.slice(2))) return `"${value.slice(0, 40)}" is not a big integer`;
        continue;
      }
      const reference = kind === '@' ? value.slice(2) : value.slice(1);
      if (!/^[0-9a-f]+$/.test(reference)) return `"${value.slice(0, 40)}" is a kind of value no action of ours takes`;
      const id = parseInt(reference, 16);
      const loaded = load(id);
      if (loaded.problem) return loaded.problem;
      // Each part once: parts may refer to each other in a cycle.
      if (!walked.has(id)) {
        walked.add(id);
        stack.push([loaded.value, depth + 1]);
      }
    } else if (Array.isArray(value)) {
      slots += value.length + 1;
      for (const item of value) stack.push([item, depth + 1]);
    } else if (value !== null && typeof value === 'object') {
      for (const item of Object.values(value)) stack.push([item, depth + 1]);
    }
  }
  return slots > ARRAY_SLOTS_LIMIT ? 'it is too large' : undefined;
}

/** The arguments of a call from the page's script: part 0 is the list of arguments. */
export function argumentsProblem(part) {
  const problem = replyProblem(part, (root) =>
    !Array.isArray(root) ? 'it is not a list of arguments' : root.length > ARGUMENTS_LIMIT ? `it has more than ${ARGUMENTS_LIMIT} arguments` : undefined,
  );
  return problem && `the server action's arguments cannot be read: ${problem}`;
}

/**
 * A form sent without JavaScript to an action with bound arguments: part 0 is {"id", "bound"},
 * bound null or a reference to the list of bound arguments.
 */
export function boundActionProblem(part) {
  const problem = replyProblem(part, (root, load) => {
    if (root === null || typeof root !== 'object' || typeof root.id !== 'string') return 'it does not name an action';
    if (root.bound === null || root.bound === undefined) return undefined;
    const reference = typeof root.bound === 'string' ? /^\$@([0-9a-f]+)$/.exec(root.bound) : null;
    if (!reference) return 'its bound arguments are not a reference to a list';
    const bound = load(parseInt(reference[1], 16));
    if (bound.problem) return bound.problem;
    return Array.isArray(bound.value) && bound.value.length <= ARGUMENTS_LIMIT ? undefined : 'its bound arguments are not a list';
  });
  return problem && `the form's server action cannot be read: ${problem}`;
}
