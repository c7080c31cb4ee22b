// https://vike.dev/data
// Step 2 needs what step 1 has: the country's brands and the named ones.
export { type Data, data } from '../brands/+data'
