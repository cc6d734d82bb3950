// next/jest's SWC transformer, told when jest will run a file as an ES module.
//
// On Node 24.9+ jest require()s ES modules natively (an `.mjs` file, or a package whose package.json says
// "type": "module", such as @tanstack/react-table): it asks for the file as ESM (`supportsStaticESM`).
// next/jest's transformer decides ESM output only from `extensionsToTreatAsEsm`, which can never name
// `.mjs`, so it emitted CommonJS there and the module failed with "exports is not defined". Here the
// file's own extension is treated as ESM exactly when jest asks for ESM; everything else is unchanged.
const path = require("node:path");
const next = require("next/dist/build/swc/jest-transformer");

module.exports = {
  createTransformer(inputOptions) {
    const inner = next.createTransformer(inputOptions);
    return {
      process(source, filename, options) {
        if (!options.supportsStaticESM) return inner.process(source, filename, options);
        const config = { ...options.config, extensionsToTreatAsEsm: [path.extname(filename)] };
        return inner.process(source, filename, { ...options, config });
      },
    };
  },
};
