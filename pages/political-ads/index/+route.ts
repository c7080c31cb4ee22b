export default '/political-ads'
