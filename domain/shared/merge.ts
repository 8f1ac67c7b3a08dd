/** `changes[k]` when given, else `current[k]`: PUT takes any subset of the create fields (contract §2). */
export const merge = <T extends object>(current: T, changes: Partial<NoInfer<T>>): T => {
  const out = { ...current };
  for (const [k, v] of Object.entries(changes)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
};
