// Placeholder until the app-core issue builds window.linkdeck from the contract.
export {};
