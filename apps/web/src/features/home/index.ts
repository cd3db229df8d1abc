// The home page is the one route in the main bundle: the router imports it from here.
export { HomeRoute } from './routes/home';
