// The engine runs in browsers and Node alike and does no I/O, so it is checked without Node or
// DOM types. structuredClone is the one host function it uses (both have it).
declare function structuredClone<T>(value: T): T;
