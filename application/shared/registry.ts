/** What a table of factories (`{ createQuiz: makeCreateQuiz }`) registers: each name's built value. */
export type Built<T> = { [K in keyof T]: T[K] extends (deps: never) => infer R ? R : never };
