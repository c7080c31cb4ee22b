export default '/privacy-rights'
