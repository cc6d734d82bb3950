// A bench that renders email (React's react-dom/server) cannot run under --conditions=react-server, which
// is what makes `server-only` an empty module elsewhere: this preload gives it the empty twin instead,
// as jest.config.js and scripts/build-cli.mjs do.
const Module = require("node:module");
const empty = require("node:path").join(__dirname, "../../node_modules/server-only/empty.js");
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === "server-only" ? empty : resolve.call(this, request, ...rest);
};
