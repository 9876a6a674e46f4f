// The browser's device id (docs/risk.md, "Marks"): a random id kept in local storage and sent with
// each sign-in (`X-Device-Id`), so the console can see accounts signed in from one browser. It says
// nothing about the player or the device beyond "this browser"; a private window or cleared storage
// is a new device.

const KEY = 'device_id';

export function deviceIdHeader(): Record<string, string> {
  try {
    let id = localStorage.getItem(KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(KEY, id);
    }
    return { 'x-device-id': id };
  } catch {
    // Storage refused (a locked-down browser): the sign-in goes without a device.
    return {};
  }
}
