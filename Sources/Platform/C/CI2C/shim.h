// I2C_SLAVE and the SMBus helpers of libi2c (i2c-tools 4.x, which return -errno).
#include <linux/i2c-dev.h>
#include <i2c/smbus.h>
