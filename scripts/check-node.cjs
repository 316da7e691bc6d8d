// Runs before every npm script, on whatever Node the machine has: plain CommonJS and old syntax
// on purpose, so Node 18 or 20 reads it and says in one line what to do instead of failing later
// with engine warnings and ERR_UNKNOWN_FILE_EXTENSION on our .ts files.
'use strict';

var path = require('path');
var engines = require(path.join(__dirname, '..', 'package.json')).engines;
var needed = Number(/\d+/.exec(engines.node)[0]);
var actual = process.versions.node;

if (Number(actual.split('.')[0]) < needed) {
  console.error(
    'ReelScore needs Node.js ' +
      needed +
      ' or newer (this is ' +
      actual +
      '): install it from ' +
      'https://nodejs.org or with `nvm install` (see .nvmrc).',
  );
  process.exit(1);
}
