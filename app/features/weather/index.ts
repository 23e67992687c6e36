export { weatherTab } from "./admin/tab";
export { LowDataNotice, SaveDataForm } from "./components/save-data-form";
export { WeatherBanners } from "./components/weather-banners";
export { serviceWorkerScript } from "./offline-script";
