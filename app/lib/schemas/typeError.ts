/**
 * A schema's own message for a value of the wrong type: `missing` when there is no value at all, `wrongType`
 * otherwise (each left to zod's default when not given). zod 4 takes this as the schema's `error`.
 */
export function typeError(missing: string | undefined, wrongType: string | undefined) {
  return {
    error: (issue: { code?: string; input?: unknown }) => {
      if (issue.code !== 'invalid_type') return undefined;
      return issue.input === undefined ? missing : wrongType;
    },
  };
}
