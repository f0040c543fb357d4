// Next's jest transform, told when jest loads a file as an ES module. Node 24.9+ lets jest
// require() ES modules natively (the .mjs of lib/edge, ESM-only packages such as next-intl): those
// must stay modules, while Next's transform would compile every file to CommonJS. On older Node
// jest asks for CommonJS (supportsStaticESM false), and gets it as before.
import path from 'node:path';
import nextTransformer from 'next/dist/build/swc/jest-transformer.js';

const transformer = {
  createTransformer(options) {
    const next = nextTransformer.createTransformer(options);
    return {
      process(src, filename, jestOptions) {
        if (!jestOptions.supportsStaticESM) return next.process(src, filename, jestOptions);
        const config = { ...jestOptions.config, extensionsToTreatAsEsm: [path.extname(filename)] };
        return next.process(src, filename, { ...jestOptions, config });
      },
    };
  },
};

export default transformer;
