// The confidence package ships no types: the surface test/confidence.test.ts uses.
declare module "confidence" {
  class Store {
    constructor(document?: object);
    get(key: string, criteria?: object): unknown;
  }
  const Confidence: { Store: typeof Store };
  export default Confidence;
}
