// Every browser we support has Object.entries; node-polyglot's polyfill would add kilobytes to every page.
module.exports = Object.entries
