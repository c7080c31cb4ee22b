// https://vike.dev/data
// The staff form offers the same brands as the public flow: the host's country's list.
export { type Data, data } from '#pages/privacy-rights/direct-marketing/brands/+data.ts'
