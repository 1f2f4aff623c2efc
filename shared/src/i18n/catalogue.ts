/** A translation of an English catalogue: the same keys, every leaf a string. */
export type Catalogue<T> = { [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };
